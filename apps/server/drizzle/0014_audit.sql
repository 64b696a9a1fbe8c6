CREATE TABLE "audit_cells" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_cells_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_id" integer NOT NULL,
	"cell_id" integer NOT NULL,
	"opened_by" integer,
	"opened_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "audit_cells_session_cell" UNIQUE("session_id","cell_id")
);
--> statement-breakpoint
CREATE TABLE "audit_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"warehouse_id" integer NOT NULL,
	"started_by" integer,
	"started_at" timestamp with time zone NOT NULL,
	"finished_by" integer,
	"finished_at" timestamp with time zone,
	"figures" jsonb
);
--> statement-breakpoint
CREATE TABLE "audit_units" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_units_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"audit_cell_id" integer NOT NULL,
	"barcode" text NOT NULL,
	"kind" text NOT NULL,
	"name" text,
	"state" smallint NOT NULL,
	"is_expected" boolean NOT NULL,
	"system_location" text,
	"scanned_by" integer,
	"scanned_at" timestamp with time zone,
	CONSTRAINT "audit_units_cell_barcode" UNIQUE("audit_cell_id","barcode"),
	CONSTRAINT "audit_units_state" CHECK ("audit_units"."state" between 0 and 3),
	CONSTRAINT "audit_units_kind" CHECK ("audit_units"."kind" in ('parcel', 'box', 'container', 'unknown'))
);
--> statement-breakpoint
ALTER TABLE "audit_cells" ADD CONSTRAINT "audit_cells_session_id_audit_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."audit_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_cells" ADD CONSTRAINT "audit_cells_cell_id_cells_id_fk" FOREIGN KEY ("cell_id") REFERENCES "public"."cells"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_cells" ADD CONSTRAINT "audit_cells_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_sessions" ADD CONSTRAINT "audit_sessions_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_sessions" ADD CONSTRAINT "audit_sessions_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_sessions" ADD CONSTRAINT "audit_sessions_finished_by_users_id_fk" FOREIGN KEY ("finished_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_units" ADD CONSTRAINT "audit_units_audit_cell_id_audit_cells_id_fk" FOREIGN KEY ("audit_cell_id") REFERENCES "public"."audit_cells"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_units" ADD CONSTRAINT "audit_units_scanned_by_users_id_fk" FOREIGN KEY ("scanned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_cells_one_open_per_cell" ON "audit_cells" USING btree ("cell_id") WHERE "audit_cells"."finished_at" is null;--> statement-breakpoint
CREATE INDEX "audit_sessions_warehouse_started" ON "audit_sessions" USING btree ("warehouse_id","started_at");--> statement-breakpoint
CREATE INDEX "audit_sessions_unfinished" ON "audit_sessions" USING btree ("warehouse_id") WHERE "audit_sessions"."finished_at" is null;