-- Two typed words run together ("active campaign": activecampaign) are asked as a whole word, as
-- any earlier word is, so that a server keeps one answer per word: the look-up loses its joins.
DROP FUNCTION search_words_look_up(text, text[], text[], text, text[], text[], integer, integer, integer);
--> statement-breakpoint
CREATE FUNCTION search_words_look_up(list_type text, misspelt text[], earlier text[], last_word text, stemmed text[], nearest integer, nearest_swapped integer, complete_from integer)
RETURNS TABLE (near json, whole json, complete boolean, lexemes json, splits json, uses json)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  RETURN QUERY
  WITH unknown AS (
    SELECT q.word FROM unnest(misspelt) AS q(word)
    -- Words are letters and digits only (parseSearch), so nothing in them is a LIKE wildcard.
    WHERE NOT EXISTS (SELECT 1 FROM search_words p WHERE p.word LIKE q.word || '%' AND CASE list_type WHEN 'tools' THEN p.tools ELSE p.services END > 0)
  ),
  cuts AS (
    SELECT q.word AS typed, substr(q.word, 1, cut) AS first, substr(q.word, cut + 1) AS second
    FROM unknown AS q, generate_series(2, length(q.word) - 2) AS cut
  ),
  -- Every half in one look-up of the primary key (= ANY): joined to the cuts one by one, the
  -- planner, which expects a thousand cuts, hashed the whole vocabulary (a search took 0.6 ms more).
  halves AS (
    SELECT s.word, CASE list_type WHEN 'tools' THEN s.tools ELSE s.services END AS uses FROM search_words s
    WHERE s.word = ANY (ARRAY(SELECT c.first FROM cuts c UNION SELECT c.second FROM cuts c)) AND CASE list_type WHEN 'tools' THEN s.tools ELSE s.services END > 0
  )
  SELECT
    (SELECT coalesce(json_agg(json_build_array(found.typed, found.word, found.uses)), '[]') FROM (
      SELECT q.word AS typed, n.word, n.uses
      FROM unknown AS q
      CROSS JOIN LATERAL (
        (SELECT s.word, CASE list_type WHEN 'tools' THEN s.tools ELSE s.services END AS uses FROM search_words s
          WHERE CASE list_type WHEN 'tools' THEN s.tools ELSE s.services END > 0 AND length(s.word) >= 4 ORDER BY s.word <-> q.word LIMIT nearest)
        UNION
        (SELECT s.word, CASE list_type WHEN 'tools' THEN s.tools ELSE s.services END FROM search_words s
          WHERE CASE list_type WHEN 'tools' THEN s.tools ELSE s.services END > 0 AND length(s.word) >= 4
          ORDER BY s.word <-> (substr(q.word, 2, 1) || substr(q.word, 1, 1) || substr(q.word, 3)) LIMIT nearest_swapped)
      ) AS n) AS found),
    (SELECT coalesce(json_agg(s.word), '[]') FROM search_words s
      WHERE s.word = ANY (earlier) AND length(s.word) >= 4 AND CASE list_type WHEN 'tools' THEN s.tools ELSE s.services END > 0),
    -- Complete unless some live word beginning with the stem has other lexemes than the stem (a
    -- stop word has none). The stem's own length is checked again: it may be shorter than the word
    -- ("dying": die). A typed word that is a stop word, or more than one lexeme, gives no row: not
    -- complete; so does no last word (null).
    coalesce((SELECT length(typed.stem) >= complete_from AND NOT EXISTS (
        SELECT 1 FROM search_words p
        WHERE p.word LIKE typed.stem || '%' AND CASE list_type WHEN 'tools' THEN p.tools ELSE p.services END > 0 AND to_tsvector('english', p.word) <> typed.vector)
      FROM (SELECT v AS vector, (tsvector_to_array(v))[1] AS stem FROM to_tsvector('english', last_word) AS v) AS typed
      WHERE array_length(tsvector_to_array(typed.vector), 1) = 1), false),
    (SELECT coalesce(json_agg(tsvector_to_array(to_tsvector('english', st.word)) ORDER BY st.n), '[]')
      FROM unnest(stemmed) WITH ORDINALITY AS st(word, n)),
    (SELECT coalesce(json_agg(json_build_array(c.typed, a.word, b.word, least(a.uses, b.uses))), '[]')
      FROM cuts c JOIN halves a ON a.word = c.first JOIN halves b ON b.word = c.second),
    -- For each of stemmed: the uses, by live listings of the type and of every type, of the
    -- vocabulary's words that begin with it or with its first lexeme ("companies": companies,
    -- company). The planner's statistics count a lexeme over both types together; the share of
    -- its uses in the type scales the search's estimate to the type (search-statistics.ts).
    (SELECT coalesce(json_agg(json_build_array(u.here, u.everywhere) ORDER BY st.n), '[]')
      FROM unnest(stemmed) WITH ORDINALITY AS st(word, n)
      CROSS JOIN LATERAL (
        SELECT coalesce(sum(CASE list_type WHEN 'tools' THEN p.tools ELSE p.services END), 0) AS here, coalesce(sum(p.tools + p.services), 0) AS everywhere
        FROM search_words p
        WHERE p.word LIKE st.word || '%'
          OR p.word LIKE coalesce((tsvector_to_array(to_tsvector('english', st.word)))[1], st.word) || '%') AS u);
END
$$;
