-- The gateways' own state: the API keys operators issue, and the log of requests the usage routes answer from.

CREATE TABLE edge.api_keys (
  id text PRIMARY KEY,
  name text NOT NULL,
  tier text NOT NULL,
  -- HMAC-SHA256 of the whole key under API_KEY_SECRET; the key itself is never stored.
  key_hash bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);

-- One partition a day (created ahead by the gateways, dropped past the retention), so keeping logs bounded is
-- dropping whole tables, never deleting rows.
CREATE TABLE edge.request_logs (
  logged_at timestamptz NOT NULL,
  log_id uuid NOT NULL,
  -- NULL for a caller without a key.
  api_key_id text,
  client_ip text NOT NULL,
  request_type text NOT NULL CHECK (request_type IN ('data', 'rpc', 'metrics')),
  -- The route template (Data, Metrics) or the node API path (rpc), never the raw path with its parameters.
  request_path text NOT NULL,
  rpc_method text,
  chain_id text,
  response_code integer NOT NULL,
  credits integer NOT NULL,
  duration_ms real NOT NULL,
  host text NOT NULL,
  user_agent text NOT NULL
) PARTITION BY RANGE (logged_at);

CREATE INDEX request_logs_by_key ON edge.request_logs (api_key_id, logged_at);
