CREATE TABLE "error_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "error_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" uuid NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"platform" text NOT NULL,
	"group_key" text NOT NULL,
	"f_code" text,
	"error_code" text,
	"exception_type" text,
	"message" text,
	"user_id" integer,
	"warehouse_id" integer,
	"route" text,
	"app_version" text,
	"request_id" text,
	"browser" text,
	CONSTRAINT "error_reports_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
CREATE INDEX "error_reports_received_at" ON "error_reports" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "error_reports_group_key" ON "error_reports" USING btree ("group_key","received_at");