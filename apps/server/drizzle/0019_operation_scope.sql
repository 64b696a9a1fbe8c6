ALTER TABLE "operations" ADD COLUMN "route" text;--> statement-breakpoint
ALTER TABLE "operations" ADD COLUMN "request_hash" text;