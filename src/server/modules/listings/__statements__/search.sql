
    with matches as materialized (select * from (select "listings"."id" as id, "listings"."is_featured" as is_featured, "listings"."created_at" as created_at, ((("listings"."search_vector" @@ (select to_tsquery('english', $1)))::int + ts_rank("listings"."search_vector", (select to_tsquery('english', $2)))))::float8 as rank,
    "listings"."search_vector" @@ (select to_tsquery('english', $3)) as title from "listings" where ("listings"."type" = $4 and "listings"."status" = $5) and "listings"."search_vector" @@ to_tsquery('english', $6)) as found order by is_featured desc, created_at desc, id desc limit $7),
    titles as materialized (
      (select id, is_featured, created_at, rank from matches where title order by is_featured desc, created_at desc, id desc limit $8)
      union all
      (select id, is_featured, created_at, rank from (select "listings"."id" as id, "listings"."is_featured" as is_featured, "listings"."created_at" as created_at, ((("listings"."search_vector" @@ (select to_tsquery('english', $9)))::int + ts_rank("listings"."search_vector", (select to_tsquery('english', $10)))))::float8 as rank,
    "listings"."search_vector" @@ (select to_tsquery('english', $11)) as title from "listings" where ("listings"."type" = $12 and "listings"."status" = $13) and search_text_vector("listings"."title") @@ to_tsquery('english', $14)) as found
        where (select count(*) from matches) > $15 and (select count(*) from matches where title) < $16
        order by is_featured desc, created_at desc, id desc limit $17)),
    candidates as (
      (select id, is_featured, created_at, rank from matches order by is_featured desc, created_at desc, id desc limit $18)
      union
      (select * from titles where (select count(*) from matches) > $19))
    select (select count(*) from matches)::int as count, (select count(*) from (select 1 from "listings" where "listings"."type" = $20 and "listings"."status" = 'approved' and "listings"."search_vector" @@ to_tsquery('english', $21) limit $22) as other)::int as other_type,
      (select min(relaxed.n) from unnest($23::text[]) with ordinality as relaxed(query, n)
        where (select count(*) from matches) = 0 and exists (select 1 from "listings" where ("listings"."type" = $24 and "listings"."status" = $25) and "listings"."search_vector" @@ to_tsquery('english', relaxed.query)))::int as relaxed,
      coalesce((select json_agg(id) from (select id from candidates
        order by rank desc, is_featured desc, created_at desc, id desc offset $26 limit $27) as best), '[]') as ids
