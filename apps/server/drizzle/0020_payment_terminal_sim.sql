CREATE TABLE "simulated_terminal_transactions" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"picking_id" integer NOT NULL,
	"amount_kopecks" bigint NOT NULL,
	"transaction_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"start_requests" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "simulated_terminal_transactions_picking" ON "simulated_terminal_transactions" USING btree ("picking_id");