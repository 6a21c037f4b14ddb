-- The Looking Glass NFT holders list (index only): a collection's current holders by address, each holder's
-- holdings together, so a page groups them in the index's order and stops after the page's holders.
CREATE INDEX nft_holdings_by_contract_holder ON evm_data.token_holdings (chain, contract, holder, token_id)
  WHERE erc_type <> 20 AND balance > 0;
