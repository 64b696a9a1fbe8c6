CREATE TABLE "shipment_units" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipment_units_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"outbound_id" integer NOT NULL,
	"parcel_id" integer,
	"box_id" integer,
	"state" text DEFAULT 'waiting' NOT NULL,
	"reason" text,
	"pallet_barcode" text,
	"from_cell_id" integer,
	"from_box_id" integer,
	"changed_by" integer,
	"changed_at" timestamp with time zone,
	CONSTRAINT "shipment_units_one_unit" CHECK (("shipment_units"."parcel_id" is null) <> ("shipment_units"."box_id" is null)),
	CONSTRAINT "shipment_units_state" CHECK ("shipment_units"."state" in ('waiting', 'picked', 'short', 'loaded'))
);
--> statement-breakpoint
ALTER TABLE "outbounds" ADD COLUMN "kind" text DEFAULT 'parcels' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipment_units" ADD CONSTRAINT "shipment_units_outbound_id_outbounds_id_fk" FOREIGN KEY ("outbound_id") REFERENCES "public"."outbounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_units" ADD CONSTRAINT "shipment_units_parcel_id_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."parcels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_units" ADD CONSTRAINT "shipment_units_box_id_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."boxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_units" ADD CONSTRAINT "shipment_units_from_cell_id_cells_id_fk" FOREIGN KEY ("from_cell_id") REFERENCES "public"."cells"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_units" ADD CONSTRAINT "shipment_units_from_box_id_boxes_id_fk" FOREIGN KEY ("from_box_id") REFERENCES "public"."boxes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_units" ADD CONSTRAINT "shipment_units_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_units_outbound" ON "shipment_units" USING btree ("outbound_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_units_parcel" ON "shipment_units" USING btree ("outbound_id","parcel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_units_box" ON "shipment_units" USING btree ("outbound_id","box_id");--> statement-breakpoint
ALTER TABLE "outbounds" ADD CONSTRAINT "outbounds_kind" CHECK ("outbounds"."kind" in ('parcels', 'transit'));