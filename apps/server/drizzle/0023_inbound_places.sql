CREATE TABLE "inbound_places" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbound_places_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"inbound_id" integer NOT NULL,
	"barcode" text NOT NULL,
	"received_count" integer,
	"reason" text,
	"length_cm" double precision,
	"width_cm" double precision,
	"height_cm" double precision,
	"weight_grams" integer,
	"is_missing" boolean DEFAULT false NOT NULL,
	"received_by" integer,
	"received_at" timestamp with time zone,
	CONSTRAINT "inbound_places_barcode_unique" UNIQUE("barcode"),
	CONSTRAINT "inbound_places_count" CHECK ("inbound_places"."received_count" is null or "inbound_places"."received_count" >= 0),
	CONSTRAINT "inbound_places_reason" CHECK ("inbound_places"."reason" is null or "inbound_places"."reason" in ('shortage', 'surplus', 'damagedPackage', 'wrongGoods')),
	CONSTRAINT "inbound_places_weight" CHECK ("inbound_places"."weight_grams" is null or "inbound_places"."weight_grams" > 0)
);
--> statement-breakpoint
CREATE TABLE "parcel_barcodes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "parcel_barcodes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"parcel_id" integer NOT NULL,
	"barcode" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "parcels" ADD COLUMN "inbound_place_id" integer;--> statement-breakpoint
ALTER TABLE "parcels" ADD COLUMN "receipt_barcode" text;--> statement-breakpoint
ALTER TABLE "inbound_places" ADD CONSTRAINT "inbound_places_inbound_id_inbounds_id_fk" FOREIGN KEY ("inbound_id") REFERENCES "public"."inbounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_places" ADD CONSTRAINT "inbound_places_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_barcodes" ADD CONSTRAINT "parcel_barcodes_parcel_id_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."parcels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbound_places_inbound" ON "inbound_places" USING btree ("inbound_id");--> statement-breakpoint
CREATE UNIQUE INDEX "parcel_barcodes_parcel_barcode" ON "parcel_barcodes" USING btree ("parcel_id","barcode");--> statement-breakpoint
CREATE INDEX "parcel_barcodes_barcode" ON "parcel_barcodes" USING btree ("barcode");--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_inbound_place_id_inbound_places_id_fk" FOREIGN KEY ("inbound_place_id") REFERENCES "public"."inbound_places"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parcels_inbound_place" ON "parcels" USING btree ("inbound_place_id");