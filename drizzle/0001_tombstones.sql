CREATE TABLE "tombstones" (
	"user_id" uuid NOT NULL,
	"collection" text NOT NULL,
	"record_id" uuid NOT NULL,
	"deleted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tombstones_collection_record_id_pk" PRIMARY KEY("collection","record_id")
);
--> statement-breakpoint
ALTER TABLE "tombstones" ADD CONSTRAINT "tombstones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tombstones_user_deleted" ON "tombstones" USING btree ("user_id","deleted_at");--> statement-breakpoint
-- Edges deactivated before tombstones existed are deleted records too.
INSERT INTO "tombstones" ("user_id", "collection", "record_id", "deleted_at")
SELECT "user_id", 'edges', "id", "updated_at" FROM "edges" WHERE NOT "is_active";
