CREATE TABLE "picking_clients" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "picking_clients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"warehouse_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"warehouse_code_from" text,
	"warehouse_code_to" text,
	"address_from" text,
	"address_to" text,
	"delivery_type" text NOT NULL,
	"validation_type" integer DEFAULT 0 NOT NULL,
	"picking_mode" text DEFAULT 'normal' NOT NULL,
	"allowed_gate_cells" text[] DEFAULT '{}'::text[] NOT NULL,
	"balance_kopecks" bigint,
	"balance_debet_kopecks" bigint,
	"is_need_balance_check" boolean DEFAULT false NOT NULL,
	CONSTRAINT "picking_clients_warehouse_code" UNIQUE("warehouse_id","code"),
	CONSTRAINT "picking_clients_delivery_type" CHECK ("picking_clients"."delivery_type" in ('SELF', 'PVZ', 'COURIER')),
	CONSTRAINT "picking_clients_picking_mode" CHECK ("picking_clients"."picking_mode" in ('normal', 'with_cell')),
	CONSTRAINT "picking_clients_validation_type" CHECK ("picking_clients"."validation_type" between 0 and 2)
);
--> statement-breakpoint
CREATE TABLE "picking_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "picking_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"picking_id" integer NOT NULL,
	"parcel_id" integer NOT NULL,
	"state" text DEFAULT 'WAITING' NOT NULL,
	"picked_at" timestamp with time zone,
	"picked_by" integer,
	"device_picked_at" timestamp with time zone,
	CONSTRAINT "picking_items_picking_parcel" UNIQUE("picking_id","parcel_id"),
	CONSTRAINT "picking_items_state" CHECK ("picking_items"."state" in ('WAITING', 'PICKED', 'LOST', 'RETURNED'))
);
--> statement-breakpoint
CREATE TABLE "picking_parcels" (
	"parcel_id" integer PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"cash_on_delivery_kopecks" bigint DEFAULT 0 NOT NULL,
	"storage_deadline" date,
	"is_in_return_area" boolean DEFAULT false NOT NULL,
	"hold" text,
	"handed_out_at" timestamp with time zone,
	"handed_out_picking_id" integer,
	CONSTRAINT "picking_parcels_cash_on_delivery" CHECK ("picking_parcels"."cash_on_delivery_kopecks" >= 0),
	CONSTRAINT "picking_parcels_hold" CHECK ("picking_parcels"."hold" is null or "picking_parcels"."hold" in ('PICKED', 'HANDED_OUT'))
);
--> statement-breakpoint
CREATE TABLE "pickings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pickings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"warehouse_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"state" text DEFAULT 'OPEN' NOT NULL,
	"user_id" integer NOT NULL,
	"device_id" text,
	"begun_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_by" integer,
	"device_ended_at" timestamp with time zone,
	"delivery_id" integer,
	CONSTRAINT "pickings_state" CHECK ("pickings"."state" in ('OPEN', 'PROCESSED', 'CANCELLED'))
);
--> statement-breakpoint
ALTER TABLE "picking_clients" ADD CONSTRAINT "picking_clients_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_items" ADD CONSTRAINT "picking_items_picking_id_pickings_id_fk" FOREIGN KEY ("picking_id") REFERENCES "public"."pickings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_items" ADD CONSTRAINT "picking_items_parcel_id_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."parcels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_parcels" ADD CONSTRAINT "picking_parcels_parcel_id_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."parcels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_parcels" ADD CONSTRAINT "picking_parcels_client_id_picking_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."picking_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickings" ADD CONSTRAINT "pickings_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickings" ADD CONSTRAINT "pickings_client_id_picking_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."picking_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickings" ADD CONSTRAINT "pickings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "picking_clients_warehouse_name" ON "picking_clients" USING btree ("warehouse_id","name","code");--> statement-breakpoint
CREATE INDEX "picking_items_parcel" ON "picking_items" USING btree ("parcel_id");--> statement-breakpoint
CREATE INDEX "picking_parcels_client" ON "picking_parcels" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pickings_one_open_per_client" ON "pickings" USING btree ("client_id") WHERE "pickings"."state" = 'OPEN';--> statement-breakpoint
CREATE INDEX "pickings_warehouse" ON "pickings" USING btree ("warehouse_id");