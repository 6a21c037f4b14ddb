-- StreamStakingActivity (for the metrics service) reads the L1 validator weights a run of P-Chain blocks set.
CREATE INDEX l1_validator_weights_by_height ON primary_network.l1_validator_weights (from_height);
