CREATE TABLE "search_result_batches" (
	"search_id" text NOT NULL,
	"first_seq" integer NOT NULL,
	"count" integer NOT NULL,
	"items" text NOT NULL,
	CONSTRAINT "search_result_batches_search_id_first_seq_pk" PRIMARY KEY("search_id","first_seq")
);
--> statement-breakpoint
ALTER TABLE "search_result_batches" ADD CONSTRAINT "search_result_batches_search_id_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."searches"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Results stored before this migration become batches of one, in their order (decision 089).
INSERT INTO "search_result_batches" ("search_id", "first_seq", "count", "items")
SELECT "search_id", "seq", 1, json_build_array(json_build_object('site_id', "site_id", 'platform', "platform", 'result', "result"::json))::text
FROM "search_results";
--> statement-breakpoint
DROP TABLE "search_results" CASCADE;
