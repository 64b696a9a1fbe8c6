CREATE TABLE "inbound_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbound_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"inbound_id" integer NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbound_details" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbound_details_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"outbound_id" integer NOT NULL,
	"order_number" text,
	"name" text NOT NULL,
	"box_name" text,
	"quantity" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbounds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbounds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"warehouse_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"client_name" text NOT NULL,
	"state" integer DEFAULT 1 NOT NULL,
	"sync_key" text,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbounds_code_unique" UNIQUE("code"),
	CONSTRAINT "outbounds_state" CHECK ("outbounds"."state" between 1 and 3)
);
--> statement-breakpoint
ALTER TABLE "inbounds" ADD COLUMN "state" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "inbounds" ADD COLUMN "document_number" text;--> statement-breakpoint
ALTER TABLE "inbounds" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "inbounds" ADD COLUMN "needs_stickering" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "inbounds" ADD COLUMN "is_stickering_disabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "inbounds" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "parcels" ADD COLUMN "order_number" text;--> statement-breakpoint
ALTER TABLE "parcels" ADD COLUMN "is_cancelled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "parcels" ADD COLUMN "detail_stickered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inbound_documents" ADD CONSTRAINT "inbound_documents_inbound_id_inbounds_id_fk" FOREIGN KEY ("inbound_id") REFERENCES "public"."inbounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_details" ADD CONSTRAINT "outbound_details_outbound_id_outbounds_id_fk" FOREIGN KEY ("outbound_id") REFERENCES "public"."outbounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbounds" ADD CONSTRAINT "outbounds_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbound_documents_inbound" ON "inbound_documents" USING btree ("inbound_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_documents_one_receipt_place" ON "inbound_documents" USING btree ("inbound_id") WHERE "inbound_documents"."kind" = 'receipt-place';--> statement-breakpoint
CREATE INDEX "outbound_details_outbound" ON "outbound_details" USING btree ("outbound_id");--> statement-breakpoint
CREATE INDEX "outbounds_warehouse_created" ON "outbounds" USING btree ("warehouse_id","created_at");--> statement-breakpoint
CREATE INDEX "inbounds_warehouse_created" ON "inbounds" USING btree ("warehouse_id","created_at");--> statement-breakpoint
CREATE INDEX "inbounds_warehouse_state_created" ON "inbounds" USING btree ("warehouse_id","state","created_at");--> statement-breakpoint
ALTER TABLE "inbounds" ADD CONSTRAINT "inbounds_state" CHECK ("inbounds"."state" between 1 and 5);--> statement-breakpoint
-- Hand-added: a supply that arrived before this migration is in state 5 (part 2 §4).
UPDATE "inbounds" SET "state" = 5 WHERE "arrived_at" IS NOT NULL;
