CREATE TABLE "accepted_returns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accepted_returns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"operation_id" text,
	"accepted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "return_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"return_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"reason_code" text NOT NULL,
	"reason_comment" text DEFAULT '' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"return_cost_kopecks" bigint NOT NULL,
	CONSTRAINT "return_lines_quantity" CHECK ("return_lines"."quantity" > 0),
	CONSTRAINT "return_lines_reason" CHECK ("return_lines"."reason_code" in ('another_reason', 'damage_item', 'oversort', 'fake', 'manufacturing_defects', 'damaged'))
);
--> statement-breakpoint
CREATE TABLE "return_photos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"barcode" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by" integer NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	"return_line_id" integer,
	CONSTRAINT "return_photos_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "return_photos_type" CHECK ("return_photos"."content_type" in ('image/jpeg', 'image/png', 'image/webp', 'image/heic')),
	CONSTRAINT "return_photos_size" CHECK ("return_photos"."size" > 0)
);
--> statement-breakpoint
CREATE TABLE "shipped_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipped_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"code" text NOT NULL,
	"article" text NOT NULL,
	"brand" text NOT NULL,
	"name" text NOT NULL,
	"quantity_shipped" integer NOT NULL,
	"unit_price_kopecks" bigint NOT NULL,
	"image_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"disabled_reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "shipped_items_order_code" UNIQUE("order_id","code"),
	CONSTRAINT "shipped_items_quantity" CHECK ("shipped_items"."quantity_shipped" > 0),
	CONSTRAINT "shipped_items_price" CHECK ("shipped_items"."unit_price_kopecks" >= 0),
	CONSTRAINT "shipped_items_disabled_reasons" CHECK ("shipped_items"."disabled_reasons" <@ array['another_reason', 'damage_item', 'oversort', 'fake', 'manufacturing_defects', 'damaged']::text[])
);
--> statement-breakpoint
CREATE TABLE "shipped_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipped_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"parcel_barcode" text NOT NULL,
	"shipment_warehouse_id" integer NOT NULL,
	"shipped_at" timestamp with time zone NOT NULL,
	"currency_postfix" text DEFAULT '₽' NOT NULL,
	CONSTRAINT "shipped_orders_parcel_barcode_unique" UNIQUE("parcel_barcode")
);
--> statement-breakpoint
ALTER TABLE "accepted_returns" ADD CONSTRAINT "accepted_returns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accepted_returns" ADD CONSTRAINT "accepted_returns_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_return_id_accepted_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."accepted_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_item_id_shipped_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."shipped_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_photos" ADD CONSTRAINT "return_photos_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_photos" ADD CONSTRAINT "return_photos_return_line_id_return_lines_id_fk" FOREIGN KEY ("return_line_id") REFERENCES "public"."return_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipped_items" ADD CONSTRAINT "shipped_items_order_id_shipped_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shipped_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipped_orders" ADD CONSTRAINT "shipped_orders_shipment_warehouse_id_warehouses_id_fk" FOREIGN KEY ("shipment_warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accepted_returns_accepted_at" ON "accepted_returns" USING btree ("accepted_at");--> statement-breakpoint
CREATE INDEX "return_lines_return" ON "return_lines" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "return_lines_item" ON "return_lines" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "return_photos_barcode_unbound" ON "return_photos" USING btree ("barcode") WHERE "return_photos"."return_line_id" is null;--> statement-breakpoint
CREATE INDEX "return_photos_unbound_uploaded_at" ON "return_photos" USING btree ("uploaded_at") WHERE "return_photos"."return_line_id" is null;--> statement-breakpoint
CREATE INDEX "return_photos_line" ON "return_photos" USING btree ("return_line_id");