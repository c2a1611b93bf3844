
    select near, whole, complete, lexemes, splits, uses from search_words_look_up($1, array[$2]::text[], array[$3, $4]::text[],
      $5::text, array[$6, $7]::text[], $8::integer, $9::integer, $10::integer)
