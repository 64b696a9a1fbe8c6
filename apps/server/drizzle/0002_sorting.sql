CREATE TABLE "boxes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "boxes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"warehouse_id" integer NOT NULL,
	"number" integer NOT NULL,
	"barcode" text NOT NULL,
	"cell_id" integer,
	"sorting_key" text,
	"is_closed" boolean DEFAULT false NOT NULL,
	"length_cm" double precision,
	"width_cm" double precision,
	"height_cm" double precision,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "boxes_barcode_unique" UNIQUE("barcode"),
	CONSTRAINT "boxes_warehouse_number" UNIQUE("warehouse_id","number"),
	CONSTRAINT "boxes_barcode" CHECK ("boxes"."barcode" like '\_%')
);
--> statement-breakpoint
CREATE TABLE "dimension_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dimension_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"barcode" text NOT NULL,
	"length" double precision NOT NULL,
	"width" double precision NOT NULL,
	"height" double precision NOT NULL,
	"warehouse_code" text,
	CONSTRAINT "dimension_types_barcode_unique" UNIQUE("barcode")
);
--> statement-breakpoint
CREATE TABLE "event_units" (
	"barcode" text NOT NULL,
	"event_id" bigint NOT NULL,
	CONSTRAINT "event_units_barcode_event_id_pk" PRIMARY KEY("barcode","event_id")
);
--> statement-breakpoint
CREATE TABLE "inbounds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbounds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"warehouse_id" integer NOT NULL,
	"number" text NOT NULL,
	"sender_name" text NOT NULL,
	"acceptance_barcode" text NOT NULL,
	"is_receipted" boolean DEFAULT false NOT NULL,
	"arrived_at" timestamp with time zone,
	CONSTRAINT "inbounds_number_unique" UNIQUE("number"),
	CONSTRAINT "inbounds_acceptance_barcode_unique" UNIQUE("acceptance_barcode")
);
--> statement-breakpoint
CREATE TABLE "parcel_views" (
	"user_id" integer NOT NULL,
	"parcel_id" integer NOT NULL,
	"version" integer NOT NULL,
	CONSTRAINT "parcel_views_user_id_parcel_id_pk" PRIMARY KEY("user_id","parcel_id")
);
--> statement-breakpoint
CREATE TABLE "parcels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "parcels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"warehouse_id" integer NOT NULL,
	"number" text NOT NULL,
	"name" text NOT NULL,
	"sorting_key" text NOT NULL,
	"sorting_name" text NOT NULL,
	"route_number" text,
	"inbound_id" integer,
	"box_id" integer,
	"is_receipted" boolean DEFAULT false NOT NULL,
	"needs_measure" boolean DEFAULT false NOT NULL,
	"needs_weight" boolean DEFAULT false NOT NULL,
	"needs_sticker" boolean DEFAULT false NOT NULL,
	"sticker_printed_at" timestamp with time zone,
	"attention_message" text,
	"is_damaged" boolean DEFAULT false NOT NULL,
	"damage_comment" text,
	"height_cm" double precision,
	"width_cm" double precision,
	"length_cm" double precision,
	"weight_grams" integer,
	"client_name" text,
	"make_name" text,
	"detail_number" text,
	"detail_name" text,
	"quantity" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parcels_number_unique" UNIQUE("number"),
	CONSTRAINT "parcels_weight" CHECK ("parcels"."weight_grams" is null or "parcels"."weight_grams" > 0)
);
--> statement-breakpoint
CREATE TABLE "returnable_boxes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "returnable_boxes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"warehouse_id" integer NOT NULL,
	"number" integer NOT NULL,
	"barcode" text NOT NULL,
	"length_cm" double precision NOT NULL,
	"width_cm" double precision NOT NULL,
	"height_cm" double precision NOT NULL,
	"external_barcode" text,
	"location_code" text,
	"location_name" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "returnable_boxes_barcode_unique" UNIQUE("barcode"),
	CONSTRAINT "returnable_boxes_warehouse_number" UNIQUE("warehouse_id","number")
);
--> statement-breakpoint
ALTER TABLE "boxes" ADD CONSTRAINT "boxes_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boxes" ADD CONSTRAINT "boxes_cell_id_cells_id_fk" FOREIGN KEY ("cell_id") REFERENCES "public"."cells"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbounds" ADD CONSTRAINT "inbounds_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_views" ADD CONSTRAINT "parcel_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_views" ADD CONSTRAINT "parcel_views_parcel_id_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."parcels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_inbound_id_inbounds_id_fk" FOREIGN KEY ("inbound_id") REFERENCES "public"."inbounds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_box_id_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."boxes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returnable_boxes" ADD CONSTRAINT "returnable_boxes_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "boxes_cell" ON "boxes" USING btree ("cell_id");--> statement-breakpoint
CREATE UNIQUE INDEX "boxes_one_open_per_cell" ON "boxes" USING btree ("cell_id") WHERE "boxes"."cell_id" is not null and not "boxes"."is_closed";--> statement-breakpoint
CREATE INDEX "parcels_box" ON "parcels" USING btree ("box_id");--> statement-breakpoint
CREATE INDEX "parcels_inbound" ON "parcels" USING btree ("inbound_id");