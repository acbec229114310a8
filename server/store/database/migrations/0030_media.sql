-- Uploaded media, content-addressed: one row per distinct content, however many projects uploaded it. The bytes
-- live in the media store (the data directory or an S3 bucket) under <sha256>.<extension>.
CREATE TABLE tokenhub_app.media (
  sha256 text PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  content_type text NOT NULL,
  extension text NOT NULL,
  size_bytes bigint NOT NULL CHECK (size_bytes > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Which project uploaded which content: media belongs to the projects that uploaded it. The same bytes uploaded by
-- two projects are stored once and owned by both.
CREATE TABLE tokenhub_app.media_uploads (
  project_id uuid NOT NULL REFERENCES tokenhub_app.projects (id),
  sha256 text NOT NULL REFERENCES tokenhub_app.media (sha256),
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, sha256)
);
CREATE INDEX media_uploads_sha256_idx ON tokenhub_app.media_uploads (sha256);
