
    select near, whole, complete, lexemes, splits, uses,
      (select coalesce(json_agg(distinct jsonb_build_array(k.key, t.term)), '[]') from unnest(array[$1]::text[]) as k(key)
        join "search_synonyms" on "search_synonyms"."from_term" = k.key or ("search_synonyms"."from_term" is null and "search_synonyms"."terms" @> array[k.key])
        cross join lateral unnest("search_synonyms"."terms") as t(term) where t.term <> k.key) as synonyms
    from search_words_look_up($2, array[]::text[], array[]::text[],
      $3::text, array[$4]::text[], $5::integer, $6::integer, $7::integer)
