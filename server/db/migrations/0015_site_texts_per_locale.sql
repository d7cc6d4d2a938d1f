-- The site texts visitors read are kept per locale (decision 0014): each of these settings
-- becomes a map locale -> text. Today's single text becomes the entry of the site's own
-- language (domain_language, "de-AT" -> de), or of en for "multi" and unknown languages, so
-- every page shows what it showed before until translations are added. Texts that are
-- maps already are left alone, so the statement can run again safely.
UPDATE sites SET settings = settings || coalesce((
  SELECT jsonb_object_agg(
    k,
    jsonb_build_object(
      CASE WHEN lower(left(settings->>'domain_language', 2)) IN ('da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv')
        THEN lower(left(settings->>'domain_language', 2)) ELSE 'en' END,
      settings->k))
  FROM unnest(ARRAY['index_title', 'description', 'fictional_warning', 'fictional_singular', 'fictional_plural', 'mail_name']) AS k
  WHERE jsonb_typeof(settings->k) = 'string'
), '{}'::jsonb);
