// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";

/// An NFT collection whose token URIs point at metadata the devnet serves (or pretends to lose).
contract DevCollectible is ERC721 {
    string private _base;
    uint256 public totalMinted;

    constructor(string memory name_, string memory symbol_, string memory base) ERC721(name_, symbol_) {
        _base = base;
    }

    function mint(address to) external returns (uint256 tokenId) {
        tokenId = ++totalMinted;
        _safeMint(to, tokenId);
    }

    function _baseURI() internal view override returns (string memory) {
        return _base;
    }
}
