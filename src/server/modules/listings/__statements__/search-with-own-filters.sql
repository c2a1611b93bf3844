
    with matches as materialized (select * from (select "listings"."id" as id, "listings"."is_featured" as is_featured, "listings"."created_at" as created_at, ((("listings"."search_vector" @@ (select to_tsquery('english', $1)))::int + ts_rank("listings"."search_vector", (select to_tsquery('english', $2)))))::float8 as rank,
    "listings"."search_vector" @@ (select to_tsquery('english', $3)) as title from "listings" where ("listings"."type" = $4 and "listings"."status" = $5 and "listings"."category_id" = any($6::int[]) and "listings"."price" >= $7 and "listings"."price" <= $8 and "listings"."delivery_time" in ($9, $10) and "listings"."rating" >= $11) and "listings"."search_vector" @@ to_tsquery('english', $12)) as found order by is_featured desc, created_at desc, id desc limit $13),
    titles as materialized (
      (select id, is_featured, created_at, rank from matches where title order by is_featured desc, created_at desc, id desc limit $14)
      union all
      (select id, is_featured, created_at, rank from (select "listings"."id" as id, "listings"."is_featured" as is_featured, "listings"."created_at" as created_at, ((("listings"."search_vector" @@ (select to_tsquery('english', $15)))::int + ts_rank("listings"."search_vector", (select to_tsquery('english', $16)))))::float8 as rank,
    "listings"."search_vector" @@ (select to_tsquery('english', $17)) as title from "listings" where ("listings"."type" = $18 and "listings"."status" = $19 and "listings"."category_id" = any($20::int[]) and "listings"."price" >= $21 and "listings"."price" <= $22 and "listings"."delivery_time" in ($23, $24) and "listings"."rating" >= $25) and search_text_vector("listings"."title") @@ to_tsquery('english', $26)) as found
        where (select count(*) from matches) > $27 and (select count(*) from matches where title) < $28
        order by is_featured desc, created_at desc, id desc limit $29)),
    candidates as (
      (select id, is_featured, created_at, rank from matches order by is_featured desc, created_at desc, id desc limit $30)
      union
      (select * from titles where (select count(*) from matches) > $31))
    select (select count(*) from matches)::int as count, (select count(*) from (select 1 from "listings" where "listings"."type" = $32 and "listings"."status" = 'approved' and "listings"."search_vector" @@ to_tsquery('english', $33) limit $34) as other)::int as other_type,
      (select min(relaxed.n) from unnest($35::text[]) with ordinality as relaxed(query, n)
        where (select count(*) from matches) = 0 and exists (select 1 from "listings" where ("listings"."type" = $36 and "listings"."status" = $37 and "listings"."category_id" = any($38::int[]) and "listings"."price" >= $39 and "listings"."price" <= $40 and "listings"."delivery_time" in ($41, $42) and "listings"."rating" >= $43) and "listings"."search_vector" @@ to_tsquery('english', relaxed.query)))::int as relaxed,
      coalesce((select json_agg(id) from (select id from candidates
        order by rank desc, is_featured desc, created_at desc, id desc offset $44 limit $45) as best), '[]') as ids
