CREATE TABLE "work_intervals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"workplace_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"started_by" integer,
	"ended_by" integer,
	CONSTRAINT "work_intervals_order" CHECK ("work_intervals"."ended_at" is null or "work_intervals"."ended_at" >= "work_intervals"."started_at")
);
--> statement-breakpoint
CREATE TABLE "workplaces" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workplaces_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sorting_center_id" integer NOT NULL,
	"cell_barcode" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workplaces_cell_barcode_unique" UNIQUE("cell_barcode"),
	CONSTRAINT "workplaces_cell_barcode" CHECK ("workplaces"."cell_barcode" like '=%' and upper("workplaces"."cell_barcode") <> '=ALL')
);
--> statement-breakpoint
ALTER TABLE "work_intervals" ADD CONSTRAINT "work_intervals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_intervals" ADD CONSTRAINT "work_intervals_workplace_id_workplaces_id_fk" FOREIGN KEY ("workplace_id") REFERENCES "public"."workplaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "work_intervals_one_open_per_user" ON "work_intervals" USING btree ("user_id") WHERE "work_intervals"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "work_intervals_open_by_workplace" ON "work_intervals" USING btree ("workplace_id") WHERE "work_intervals"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "work_intervals_started_at" ON "work_intervals" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "workplaces_sorting_center" ON "workplaces" USING btree ("sorting_center_id","cell_barcode");