CREATE TABLE "print_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"app_id" text NOT NULL,
	"printer_id" text NOT NULL,
	"barcode_name" text NOT NULL,
	"barcode_data" jsonb NOT NULL,
	"copies" integer NOT NULL,
	"state" text NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "print_jobs_state" CHECK (state in ('queued', 'sent', 'printed', 'failed')),
	CONSTRAINT "print_jobs_copies" CHECK ("print_jobs"."copies" > 0)
);
--> statement-breakpoint
CREATE TABLE "printer_agent_connections" (
	"connection_id" uuid PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"server_process_id" uuid NOT NULL,
	"printers" jsonb NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "printer_agents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "printer_agents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"app_id" text NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone,
	CONSTRAINT "printer_agents_app_id_unique" UNIQUE("app_id"),
	CONSTRAINT "printer_agents_key_hash_unique" UNIQUE("key_hash"),
	CONSTRAINT "printer_agents_key_hash" CHECK ("printer_agents"."key_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printer_agent_connections" ADD CONSTRAINT "printer_agent_connections_app_id_printer_agents_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."printer_agents"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "print_jobs_user_created" ON "print_jobs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "printer_agent_connections_app" ON "printer_agent_connections" USING btree ("app_id","last_seen_at");--> statement-breakpoint
CREATE INDEX "printer_agent_connections_process" ON "printer_agent_connections" USING btree ("server_process_id");