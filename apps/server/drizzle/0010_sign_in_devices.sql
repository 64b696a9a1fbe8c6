CREATE TABLE "sign_in_devices" (
	"key" text PRIMARY KEY NOT NULL,
	"signed_in_at" timestamp with time zone NOT NULL
);
