CREATE TABLE "picking_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "picking_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"picking_id" integer NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"payment_type" text NOT NULL,
	"provider_code" text NOT NULL,
	"amount_kopecks" bigint NOT NULL,
	"user_id" integer,
	"started_at" timestamp with time zone NOT NULL,
	"device_started_at" timestamp with time zone,
	"transaction_id" text,
	"processed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"changed_by" integer,
	"bound_at" timestamp with time zone,
	CONSTRAINT "picking_payments_state" CHECK ("picking_payments"."state" in ('PENDING', 'PROCESSED', 'CANCELLED')),
	CONSTRAINT "picking_payments_type" CHECK ("picking_payments"."payment_type" in ('cash', 'card')),
	CONSTRAINT "picking_payments_provider" CHECK ("picking_payments"."provider_code" in ('cash-desk', 'card-pos', 'terminal')),
	CONSTRAINT "picking_payments_amount" CHECK ("picking_payments"."amount_kopecks" > 0)
);
--> statement-breakpoint
CREATE TABLE "picking_returns" (
	"item_id" integer PRIMARY KEY NOT NULL,
	"picking_id" integer NOT NULL,
	"parcel_id" integer NOT NULL,
	"reason_code" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"from_state" text NOT NULL,
	"returned_at" timestamp with time zone NOT NULL,
	"returned_by" integer,
	"device_returned_at" timestamp with time zone,
	CONSTRAINT "picking_returns_reason" CHECK ("picking_returns"."reason_code" in ('RECIPIENT_REFUSED', 'DAMAGED', 'WRONG_ITEM', 'INCOMPLETE', 'NOT_AS_DESCRIBED'))
);
--> statement-breakpoint
ALTER TABLE "picking_payments" ADD CONSTRAINT "picking_payments_picking_id_pickings_id_fk" FOREIGN KEY ("picking_id") REFERENCES "public"."pickings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_payments" ADD CONSTRAINT "picking_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_payments" ADD CONSTRAINT "picking_payments_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_returns" ADD CONSTRAINT "picking_returns_item_id_picking_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."picking_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_returns" ADD CONSTRAINT "picking_returns_picking_id_pickings_id_fk" FOREIGN KEY ("picking_id") REFERENCES "public"."pickings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_returns" ADD CONSTRAINT "picking_returns_parcel_id_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."parcels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_returns" ADD CONSTRAINT "picking_returns_returned_by_users_id_fk" FOREIGN KEY ("returned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "picking_payments_one_live" ON "picking_payments" USING btree ("picking_id") WHERE "picking_payments"."state" in ('PENDING', 'PROCESSED');--> statement-breakpoint
CREATE INDEX "picking_payments_picking" ON "picking_payments" USING btree ("picking_id","id");--> statement-breakpoint
CREATE INDEX "picking_returns_parcel" ON "picking_returns" USING btree ("parcel_id");