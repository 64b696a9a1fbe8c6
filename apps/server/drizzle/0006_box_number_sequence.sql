CREATE SEQUENCE "public"."box_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
-- New numbers continue after every number already given (hand-added to the generated file).
SELECT setval('box_numbers', greatest(coalesce((SELECT max("last_box_number") FROM "warehouses"), 0), coalesce((SELECT max("number") FROM "boxes"), 0), 1), coalesce((SELECT max("last_box_number") FROM "warehouses"), 0) > 0 OR EXISTS (SELECT 1 FROM "boxes"));--> statement-breakpoint
ALTER TABLE "warehouses" DROP COLUMN "last_box_number";