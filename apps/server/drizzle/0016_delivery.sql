CREATE TABLE "deliveries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"warehouse_id" integer NOT NULL,
	"picking_id" integer NOT NULL,
	"state" text DEFAULT 'CREATED' NOT NULL,
	"warehouse_code_from" text NOT NULL,
	"warehouse_code_to" text NOT NULL,
	"address_from" text NOT NULL,
	"address_to" text NOT NULL,
	"send_date" date NOT NULL,
	"recipient_code" text NOT NULL,
	"recipient_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" integer NOT NULL,
	"finished_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "deliveries_state" CHECK ("deliveries"."state" in ('CREATED', 'FINISHED', 'CANCELLED', 'HANDED'))
);
--> statement-breakpoint
CREATE TABLE "delivery_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delivery_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"delivery_id" integer NOT NULL,
	"position_number" integer NOT NULL,
	"barcode" text NOT NULL,
	"description" text NOT NULL,
	"height_cm" double precision,
	"width_cm" double precision,
	"length_cm" double precision,
	"weight_grams" integer,
	"measured_at" timestamp with time zone,
	CONSTRAINT "delivery_items_position" UNIQUE("delivery_id","position_number"),
	CONSTRAINT "delivery_items_barcode" UNIQUE("barcode"),
	CONSTRAINT "delivery_items_position_range" CHECK ("delivery_items"."position_number" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "delivery_tariffs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delivery_tariffs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"warehouse_code_from" text NOT NULL,
	"warehouse_code_to" text NOT NULL,
	"tariff_code" text NOT NULL,
	"name" text NOT NULL,
	"price_kopecks" bigint NOT NULL,
	"days" integer NOT NULL,
	CONSTRAINT "delivery_tariffs_pair_code" UNIQUE("warehouse_code_from","warehouse_code_to","tariff_code"),
	CONSTRAINT "delivery_tariffs_price" CHECK ("delivery_tariffs"."price_kopecks" >= 0),
	CONSTRAINT "delivery_tariffs_days" CHECK ("delivery_tariffs"."days" >= 0)
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_picking_id_pickings_id_fk" FOREIGN KEY ("picking_id") REFERENCES "public"."pickings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_items" ADD CONSTRAINT "delivery_items_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_one_live_per_picking" ON "deliveries" USING btree ("picking_id") WHERE "deliveries"."state" <> 'CANCELLED';--> statement-breakpoint
CREATE INDEX "deliveries_warehouse" ON "deliveries" USING btree ("warehouse_id");