CREATE TABLE "contragents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contragents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"sorting_center_id" integer,
	CONSTRAINT "contragents_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "document_contragents" (
	"document_id" integer NOT NULL,
	"contragent_id" integer NOT NULL,
	"type" text NOT NULL,
	CONSTRAINT "document_contragents_document_id_contragent_id_pk" PRIMARY KEY("document_id","contragent_id"),
	CONSTRAINT "document_contragents_type" CHECK ("document_contragents"."type" in ('inner', 'out'))
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sorting_center_id" integer NOT NULL,
	"number" text NOT NULL,
	"type_name" text NOT NULL,
	"direction" text NOT NULL,
	"document_date" timestamp with time zone NOT NULL,
	"sum_kopecks" bigint NOT NULL,
	"state" integer NOT NULL,
	"validated_at" timestamp with time zone,
	"validated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_centre_number" UNIQUE("sorting_center_id","number"),
	CONSTRAINT "documents_direction" CHECK ("documents"."direction" in ('in', 'out'))
);
--> statement-breakpoint
CREATE TABLE "signatures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "signatures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"document_id" integer NOT NULL,
	"contragent_id" integer NOT NULL,
	"user_id" integer,
	"signed_at" timestamp with time zone NOT NULL,
	"algorithm" text NOT NULL,
	"key_id" text NOT NULL,
	"content" text NOT NULL,
	"signature" text NOT NULL,
	CONSTRAINT "signatures_document_id_unique" UNIQUE("document_id"),
	CONSTRAINT "signatures_algorithm" CHECK ("signatures"."algorithm" = 'Ed25519')
);
--> statement-breakpoint
ALTER TABLE "document_contragents" ADD CONSTRAINT "document_contragents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_contragents" ADD CONSTRAINT "document_contragents_contragent_id_contragents_id_fk" FOREIGN KEY ("contragent_id") REFERENCES "public"."contragents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_validated_by_users_id_fk" FOREIGN KEY ("validated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_contragent_id_contragents_id_fk" FOREIGN KEY ("contragent_id") REFERENCES "public"."contragents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_centre_date" ON "documents" USING btree ("sorting_center_id","document_date");