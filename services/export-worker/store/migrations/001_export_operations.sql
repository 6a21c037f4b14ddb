-- The export worker's operations: one row per export, its request in normal form, where its run has got to
-- (the checkpoint a resumed run starts from) and how it ended.
CREATE TABLE export_worker.operations (
  id uuid PRIMARY KEY,
  -- sha256 of the normal form and the client's idempotency key: a repeated request finds its operation here.
  request_key bytea NOT NULL,
  operation_type text NOT NULL,
  spec jsonb NOT NULL,
  status text NOT NULL CHECK (status IN ('RUNNING', 'COMPLETED', 'COMPLETED_WITH_WARNING', 'FAILED')),
  code text,
  message text,
  next_date date,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  -- Raised by each run that takes the job: a run whose number is no longer the row's may not write.
  run integer NOT NULL DEFAULT 0,
  -- The plan (the last day every source covers, frozen by the first run) and where the file has got to.
  plan jsonb,
  checkpoint jsonb,
  rows_written bigint NOT NULL DEFAULT 0,
  bytes_written bigint NOT NULL DEFAULT 0,
  fraction_done double precision NOT NULL DEFAULT 0,
  file_size bigint,
  file_sha256 bytea,
  finished_at timestamptz
);

-- A repeated request looks up the operations of its key (newest first).
CREATE INDEX operations_by_request ON export_worker.operations (request_key, created_at DESC);
-- The retention sweep reads finished operations by age.
CREATE INDEX operations_by_finish ON export_worker.operations (finished_at) WHERE finished_at IS NOT NULL;
