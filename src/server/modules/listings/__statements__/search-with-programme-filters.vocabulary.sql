
    select near, whole, complete, lexemes, splits, uses from search_words_look_up($1, array[]::text[], array[]::text[],
      $2::text, array[$3]::text[], $4::integer, $5::integer, $6::integer)
