CREATE TABLE tokenhub_app.chat_links (
  project_id uuid NOT NULL REFERENCES tokenhub_app.projects (id),
  chat_id text NOT NULL,
  address text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, chat_id, address)
);
