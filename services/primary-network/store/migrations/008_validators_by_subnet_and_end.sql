-- The Looking Glass validators by time frame (index only): a subnet's validators by the end of their period, so
-- those whose period overlaps a frame are read from the frame's start on, never the ones that ended before it.
CREATE INDEX stakers_validators_by_subnet_end ON primary_network.stakers (subnet_id, end_time, tx_id)
  WHERE NOT is_delegator;
