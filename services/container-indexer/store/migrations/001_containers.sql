-- Every container an upstream index accepted, at the position it holds in that index. (index_name, idx) is the
-- natural key: replaying a range writes nothing twice.
CREATE TABLE container_indexer.containers (
  index_name text NOT NULL,
  idx bigint NOT NULL CHECK (idx >= 0),
  id bytea NOT NULL CHECK (octet_length(id) = 32),
  bytes bytea NOT NULL,
  accepted_at_unix_nano bigint NOT NULL,
  PRIMARY KEY (index_name, idx)
);

CREATE UNIQUE INDEX containers_by_id ON container_indexer.containers (index_name, id);

-- One row per index: where ingestion resumes and what the index has been through. next_index moves only in the
-- transaction that stores the containers before it, so the stored index is always the contiguous range [0, next_index).
CREATE TABLE container_indexer.indexes (
  index_name text PRIMARY KEY,
  next_index bigint NOT NULL DEFAULT 0 CHECK (next_index >= 0),
  -- Set once indexing has run for this index; a start with indexing disabled must then be allowed explicitly.
  previously_indexed boolean NOT NULL DEFAULT false,
  -- Set when the index was left behind by a run with indexing disabled: it may miss containers for good.
  incomplete boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);
