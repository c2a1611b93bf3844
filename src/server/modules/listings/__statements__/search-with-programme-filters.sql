
    with matches as materialized (select * from (select "listings"."id" as id, "listings"."is_featured" as is_featured, "listings"."created_at" as created_at, ((("listings"."search_vector" @@ (select to_tsquery('english', $1)))::int + ts_rank("listings"."search_vector", (select to_tsquery('english', $2)))))::float8 as rank,
    "listings"."search_vector" @@ (select to_tsquery('english', $3)) as title from "listings" where ("listings"."type" = $4 and "listings"."status" = $5 and ("listings"."programme_types" is not null and "listings"."programme_types" && $6 and "listings"."programme_white_label_level" = $7 and ("listings"."programme_margin_percent" >= $8 and "listings"."programme_visibility" in ($9)) and "listings"."programme_commitment_months" <= $10 and "listings"."programme_billing_model" = $11 and "listings"."programme_trial" = $12 and ("listings"."programme_territories" = '{}'::text[] or "listings"."programme_territories" @> $13) and "listings"."programme_verified_at" is not null)) and "listings"."search_vector" @@ to_tsquery('english', $14)) as found order by is_featured desc, created_at desc, id desc limit $15),
    titles as materialized (
      (select id, is_featured, created_at, rank from matches where title order by is_featured desc, created_at desc, id desc limit $16)
      union all
      (select id, is_featured, created_at, rank from (select "listings"."id" as id, "listings"."is_featured" as is_featured, "listings"."created_at" as created_at, ((("listings"."search_vector" @@ (select to_tsquery('english', $17)))::int + ts_rank("listings"."search_vector", (select to_tsquery('english', $18)))))::float8 as rank,
    "listings"."search_vector" @@ (select to_tsquery('english', $19)) as title from "listings" where ("listings"."type" = $20 and "listings"."status" = $21 and ("listings"."programme_types" is not null and "listings"."programme_types" && $22 and "listings"."programme_white_label_level" = $23 and ("listings"."programme_margin_percent" >= $24 and "listings"."programme_visibility" in ($25)) and "listings"."programme_commitment_months" <= $26 and "listings"."programme_billing_model" = $27 and "listings"."programme_trial" = $28 and ("listings"."programme_territories" = '{}'::text[] or "listings"."programme_territories" @> $29) and "listings"."programme_verified_at" is not null)) and search_text_vector("listings"."title") @@ to_tsquery('english', $30)) as found
        where (select count(*) from matches) > $31 and (select count(*) from matches where title) < $32
        order by is_featured desc, created_at desc, id desc limit $33)),
    candidates as (
      (select id, is_featured, created_at, rank from matches order by is_featured desc, created_at desc, id desc limit $34)
      union
      (select * from titles where (select count(*) from matches) > $35))
    select (select count(*) from matches)::int as count, (select count(*) from (select 1 from "listings" where "listings"."type" = $36 and "listings"."status" = 'approved' and "listings"."search_vector" @@ to_tsquery('english', $37) limit $38) as other)::int as other_type,
      coalesce((select json_agg(id) from (select id from candidates
        order by rank desc, is_featured desc, created_at desc, id desc offset $39 limit $40) as best), '[]') as ids
