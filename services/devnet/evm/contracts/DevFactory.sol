// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// Deployed by DevFactory with CREATE or CREATE2; keeps what it was sent and can pass it on.
contract DevChild {
    address public immutable factory;
    uint256 public immutable label;

    constructor(uint256 label_) payable {
        factory = msg.sender;
        label = label_;
    }

    function forward(address payable to) external payable {
        (bool ok, ) = to.call{value: address(this).balance}("");
        require(ok, "DevChild: forward failed");
    }

    function explode() external pure {
        revert("DevChild: exploded");
    }
}

/// Contracts that make contracts, and calls that fan out or fail: what gives traces their internal transactions.
contract DevFactory {
    event ChildCreated(address indexed child, uint256 indexed label, bool deterministic);

    function create(uint256 label) external payable returns (address child) {
        child = address(new DevChild{value: msg.value}(label));
        emit ChildCreated(child, label, false);
    }

    function create2(uint256 label, bytes32 salt) external payable returns (address child) {
        child = address(new DevChild{value: msg.value, salt: salt}(label));
        emit ChildCreated(child, label, true);
    }

    /// Splits the value sent among the recipients, one internal call each.
    function spray(address payable[] calldata recipients) external payable {
        uint256 share = msg.value / recipients.length;
        for (uint256 i = 0; i < recipients.length; i++) {
            (bool ok, ) = recipients[i].call{value: share}("");
            require(ok, "DevFactory: transfer failed");
        }
    }

    /// Creates a child, forwards value through it, then asks it to explode inside a try: the trace keeps the
    /// failed inner call while the transaction succeeds.
    function relay(uint256 label, address payable to) external payable {
        DevChild child = new DevChild(label);
        child.forward{value: msg.value}(to);
        try child.explode() {} catch {}
    }

    function fail(string calldata reason) external pure {
        revert(reason);
    }
}
