-- The balance lists and the ICM message list (indexes only).
-- An address's holdings of one standard, by contract and token id, whatever their balance: the ERC-20 and ERC-1155
-- lists at a past block start from every holding the address has had (a zero balance now may not have been then).
CREATE INDEX token_holdings_by_holder ON evm_data.token_holdings (chain, holder, erc_type, contract, token_id);
-- Every ICM message newest first: sends by their time, and receives (for messages whose send is not indexed).
CREATE INDEX icm_sends_by_time ON evm_data.icm_sends (block_timestamp, message_id);
CREATE INDEX icm_receives_by_time ON evm_data.icm_receives (block_timestamp, message_id);
