-- Cloud keys generated inside a PKCS#11 token (TOKENHUB_CLOUD_KEYS_BACKEND=pkcs11): the row names the key by its
-- label in the token and holds nothing sealed; a local key holds its sealing and no label.
ALTER TABLE tokenhub_app.cloud_keys
  ADD COLUMN pkcs11_label text UNIQUE,
  ALTER COLUMN encrypted_private_key DROP NOT NULL,
  ALTER COLUMN wrapped_data_key DROP NOT NULL,
  ALTER COLUMN master_key_id DROP NOT NULL,
  ADD CONSTRAINT cloud_keys_custody CHECK (
    CASE WHEN pkcs11_label IS NULL
      THEN encrypted_private_key IS NOT NULL AND wrapped_data_key IS NOT NULL AND master_key_id IS NOT NULL
      ELSE encrypted_private_key IS NULL AND wrapped_data_key IS NULL AND master_key_id IS NULL
    END
  );
