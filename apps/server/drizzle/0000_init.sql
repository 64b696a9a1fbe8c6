CREATE TABLE "cells" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cells_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"warehouse_id" integer NOT NULL,
	"zone_id" integer NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"row" text NOT NULL,
	"col" integer NOT NULL,
	"barcode" text NOT NULL,
	"is_empty" boolean DEFAULT true NOT NULL,
	CONSTRAINT "cells_barcode_unique" UNIQUE("barcode"),
	CONSTRAINT "cells_zone_number" UNIQUE("zone_id","number"),
	CONSTRAINT "cells_zone_row_col" UNIQUE("zone_id","row","col"),
	CONSTRAINT "cells_row" CHECK ("cells"."row" ~ '^[a-z]$'),
	CONSTRAINT "cells_col" CHECK ("cells"."col" > 0)
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"warehouse_id" integer,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operations" (
	"operation_id" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"login" text,
	"password_hash" text,
	"badge_token_hash" text,
	"roles" text[] DEFAULT '{worker}'::text[] NOT NULL,
	"default_warehouse_number" integer,
	"sorting_center_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_number_unique" UNIQUE("number"),
	CONSTRAINT "users_login_unique" UNIQUE("login"),
	CONSTRAINT "users_badge_token_hash_unique" UNIQUE("badge_token_hash"),
	CONSTRAINT "users_roles" CHECK ("users"."roles" <@ array['worker', 'supervisor', 'administrator']::text[]),
	CONSTRAINT "users_badge_token_hash" CHECK ("users"."badge_token_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warehouses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sorting_mode" text NOT NULL,
	"default_zone_number" integer,
	"last_box_number" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"is_single_picking_per_device" boolean DEFAULT false NOT NULL,
	"disable_automove" boolean DEFAULT false NOT NULL,
	"menu_type" integer DEFAULT 0 NOT NULL,
	"sorting_center_id" integer,
	CONSTRAINT "warehouses_number_unique" UNIQUE("number"),
	CONSTRAINT "warehouses_code_unique" UNIQUE("code"),
	CONSTRAINT "warehouses_sorting_mode" CHECK ("warehouses"."sorting_mode" in ('SortingCenter', 'Warehouse'))
);
--> statement-breakpoint
CREATE TABLE "zones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "zones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"warehouse_id" integer NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"barcode" text NOT NULL,
	CONSTRAINT "zones_barcode_unique" UNIQUE("barcode"),
	CONSTRAINT "zones_warehouse_number" UNIQUE("warehouse_id","number"),
	CONSTRAINT "zones_type" CHECK ("zones"."type" in ('SITO', 'EXPEDITION', 'FAST', 'TRANSIT', 'SUGGESTED'))
);
--> statement-breakpoint
ALTER TABLE "cells" ADD CONSTRAINT "cells_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cells" ADD CONSTRAINT "cells_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zones" ADD CONSTRAINT "zones_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_warehouse_at" ON "events" USING btree ("warehouse_id","at");