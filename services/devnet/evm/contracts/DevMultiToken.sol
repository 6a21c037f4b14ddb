// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";

/// An ERC-1155 collection: anyone may mint, holders move single ids or batches.
contract DevMultiToken is ERC1155 {
    constructor(string memory uri_) ERC1155(uri_) {}

    function mintBatch(address to, uint256[] calldata ids, uint256[] calldata amounts) external {
        _mintBatch(to, ids, amounts, "");
    }
}
