CREATE TABLE "picking_client_pincodes" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"pincode_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "picking_lost_items" (
	"item_id" integer PRIMARY KEY NOT NULL,
	"picking_id" integer NOT NULL,
	"parcel_id" integer NOT NULL,
	"description" text NOT NULL,
	"lost_at" timestamp with time zone NOT NULL,
	"lost_by" integer,
	"device_lost_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "picking_validations" (
	"picking_id" integer PRIMARY KEY NOT NULL,
	"pincode_failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"kind" text,
	"attorney_number" text,
	"attorney_date" date,
	"holder_name" text,
	"validated_at" timestamp with time zone,
	CONSTRAINT "picking_validations_failures" CHECK ("picking_validations"."pincode_failures" >= 0),
	CONSTRAINT "picking_validations_kind" CHECK ("picking_validations"."kind" is null or "picking_validations"."kind" in ('none', 'pincode', 'attorney'))
);
--> statement-breakpoint
ALTER TABLE "parcels" ADD COLUMN "is_lost" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "picking_client_pincodes" ADD CONSTRAINT "picking_client_pincodes_client_id_picking_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."picking_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_lost_items" ADD CONSTRAINT "picking_lost_items_item_id_picking_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."picking_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_lost_items" ADD CONSTRAINT "picking_lost_items_picking_id_pickings_id_fk" FOREIGN KEY ("picking_id") REFERENCES "public"."pickings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_lost_items" ADD CONSTRAINT "picking_lost_items_parcel_id_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."parcels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_lost_items" ADD CONSTRAINT "picking_lost_items_lost_by_users_id_fk" FOREIGN KEY ("lost_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_validations" ADD CONSTRAINT "picking_validations_picking_id_pickings_id_fk" FOREIGN KEY ("picking_id") REFERENCES "public"."pickings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "picking_lost_items_parcel" ON "picking_lost_items" USING btree ("parcel_id");