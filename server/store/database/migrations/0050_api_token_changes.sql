-- API processes keep the tokens they authenticated in memory. Any change to a token (revoked by the CLI, an expiry
-- moved, a row removed by hand) tells every one of them to forget what it holds, whoever made the change.
CREATE FUNCTION tokenhub_app.notify_api_token_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tokenhub_api_tokens', '');
  RETURN NULL;
END
$$;

CREATE TRIGGER api_tokens_changed AFTER UPDATE OR DELETE OR TRUNCATE ON tokenhub_app.api_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION tokenhub_app.notify_api_token_change();
