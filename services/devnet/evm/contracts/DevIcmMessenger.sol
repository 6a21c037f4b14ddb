// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

// The message layout and events of ICM's TeleporterMessenger (v1), so that indexers read the devnet's messages as
// they read real ones.
struct TeleporterMessageReceipt {
    uint256 receivedMessageNonce;
    address relayerRewardAddress;
}

struct TeleporterFeeInfo {
    address feeTokenAddress;
    uint256 amount;
}

struct TeleporterMessage {
    uint256 messageNonce;
    address originSenderAddress;
    bytes32 destinationBlockchainID;
    address destinationAddress;
    uint256 requiredGasLimit;
    address[] allowedRelayerAddresses;
    TeleporterMessageReceipt[] receipts;
    bytes message;
}

struct TeleporterMessageInput {
    bytes32 destinationBlockchainID;
    address destinationAddress;
    TeleporterFeeInfo feeInfo;
    uint256 requiredGasLimit;
    address[] allowedRelayerAddresses;
    bytes message;
}

interface IWarpMessenger {
    function sendWarpMessage(bytes calldata payload) external returns (bytes32 messageID);

    function getBlockchainID() external view returns (bytes32 blockchainID);
}

/// The sending half of an ICM messenger: numbers each message, takes its fee, and hands the encoded message to the
/// Warp precompile, which emits the Warp message validators sign.
contract DevIcmMessenger {
    IWarpMessenger public constant WARP_MESSENGER = IWarpMessenger(0x0200000000000000000000000000000000000005);

    event SendCrossChainMessage(
        bytes32 indexed messageID,
        bytes32 indexed destinationBlockchainID,
        TeleporterMessage message,
        TeleporterFeeInfo feeInfo
    );

    bytes32 public blockchainID;
    uint256 public messageNonce;

    function sendCrossChainMessage(TeleporterMessageInput calldata input) external returns (bytes32 messageID) {
        if (blockchainID == bytes32(0)) blockchainID = WARP_MESSENGER.getBlockchainID();
        uint256 nonce = ++messageNonce;
        messageID = keccak256(abi.encode(blockchainID, input.destinationBlockchainID, nonce));
        TeleporterMessage memory message = TeleporterMessage({
            messageNonce: nonce,
            originSenderAddress: msg.sender,
            destinationBlockchainID: input.destinationBlockchainID,
            destinationAddress: input.destinationAddress,
            requiredGasLimit: input.requiredGasLimit,
            allowedRelayerAddresses: input.allowedRelayerAddresses,
            receipts: new TeleporterMessageReceipt[](0),
            message: input.message
        });
        if (input.feeInfo.amount > 0) {
            require(
                IERC20(input.feeInfo.feeTokenAddress).transferFrom(msg.sender, address(this), input.feeInfo.amount),
                "DevIcmMessenger: fee transfer failed"
            );
        }
        WARP_MESSENGER.sendWarpMessage(abi.encode(message));
        emit SendCrossChainMessage(messageID, input.destinationBlockchainID, message, input.feeInfo);
    }
}
