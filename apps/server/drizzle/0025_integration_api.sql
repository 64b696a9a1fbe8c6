CREATE TABLE "api_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "api_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sorting_center_id" integer NOT NULL,
	"warehouse_id" integer,
	"scopes" text[] NOT NULL,
	"name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_secret_hash_unique" UNIQUE("secret_hash")
);
--> statement-breakpoint
CREATE TABLE "integration_batches" (
	"api_key_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_batches_api_key_id_idempotency_key_pk" PRIMARY KEY("api_key_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "integration_objects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "integration_objects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sorting_center_id" integer NOT NULL,
	"object_type" text NOT NULL,
	"external_id" text NOT NULL,
	"parcel_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_batches" ADD CONSTRAINT "integration_batches_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_objects" ADD CONSTRAINT "integration_objects_parcel_id_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."parcels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_centre" ON "api_keys" USING btree ("sorting_center_id");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_objects_external" ON "integration_objects" USING btree ("sorting_center_id","object_type","external_id");--> statement-breakpoint
-- Hand-added (docs/DECISIONS.md "Integration"): the recording transaction of each event. The
-- integration feed orders by (tx_id, id) and serves only transactions older than every one still
-- running, so an event committed late never lands behind a cursor already handed out. Kept out
-- of the drizzle schema on purpose: the history's rows keep their shape for every reader.
ALTER TABLE "events" ADD COLUMN "tx_id" xid8 DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "events_tx_id" ON "events" USING btree ("tx_id","id");
