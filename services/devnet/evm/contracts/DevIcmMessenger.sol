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

struct WarpMessage {
    bytes32 sourceChainID;
    address originSenderAddress;
    bytes payload;
}

interface IWarpMessenger {
    function sendWarpMessage(bytes calldata payload) external returns (bytes32 messageID);

    function getVerifiedWarpMessage(uint32 index) external view returns (WarpMessage memory message, bool valid);

    function getBlockchainID() external view returns (bytes32 blockchainID);
}

interface ITeleporterReceiver {
    function receiveTeleporterMessage(bytes32 sourceBlockchainID, address originSenderAddress, bytes calldata message)
        external;
}

/// An ICM messenger: numbers and sends messages through the Warp precompile with the receipts it owes the
/// destination, delivers verified messages to their destination contracts, and credits relayers with the fees of
/// messages whose receipts come back. The same deployer and nonce put it at the same address on every devnet chain,
/// so a message's origin is this very contract on the source chain.
contract DevIcmMessenger {
    IWarpMessenger public constant WARP_MESSENGER = IWarpMessenger(0x0200000000000000000000000000000000000005);
    uint256 public constant MAX_RECEIPTS = 5;

    event SendCrossChainMessage(
        bytes32 indexed messageID,
        bytes32 indexed destinationBlockchainID,
        TeleporterMessage message,
        TeleporterFeeInfo feeInfo
    );
    event ReceiveCrossChainMessage(
        bytes32 indexed messageID,
        bytes32 indexed sourceBlockchainID,
        address indexed deliverer,
        address rewardRedeemer,
        TeleporterMessage message
    );
    event MessageExecuted(bytes32 indexed messageID, bytes32 indexed sourceBlockchainID);
    event MessageExecutionFailed(
        bytes32 indexed messageID,
        bytes32 indexed sourceBlockchainID,
        TeleporterMessage message
    );
    event ReceiptReceived(
        bytes32 indexed messageID,
        bytes32 indexed destinationBlockchainID,
        address indexed relayerRewardAddress,
        TeleporterFeeInfo feeInfo
    );
    event RelayerRewardsRedeemed(address indexed redeemer, address indexed asset, uint256 amount);

    bytes32 public blockchainID;
    uint256 public messageNonce;
    /// Fees of sent messages, until their receipt comes back.
    mapping(bytes32 messageID => TeleporterFeeInfo) public sentMessageFees;
    /// Who delivered each received message (the address that will earn its fee).
    mapping(bytes32 messageID => address) public receivedMessages;
    /// Receipts owed to each source chain, sent back with the next messages to it.
    mapping(bytes32 blockchainID => TeleporterMessageReceipt[]) private _owedReceipts;
    mapping(address relayer => mapping(address asset => uint256)) public relayerRewards;

    function sendCrossChainMessage(TeleporterMessageInput calldata input) external returns (bytes32 messageID) {
        bytes32 source = _blockchainID();
        uint256 nonce = ++messageNonce;
        messageID = keccak256(abi.encode(source, input.destinationBlockchainID, nonce));
        TeleporterMessage memory message = TeleporterMessage({
            messageNonce: nonce,
            originSenderAddress: msg.sender,
            destinationBlockchainID: input.destinationBlockchainID,
            destinationAddress: input.destinationAddress,
            requiredGasLimit: input.requiredGasLimit,
            allowedRelayerAddresses: input.allowedRelayerAddresses,
            receipts: _takeReceipts(input.destinationBlockchainID),
            message: input.message
        });
        if (input.feeInfo.amount > 0) {
            require(
                IERC20(input.feeInfo.feeTokenAddress).transferFrom(msg.sender, address(this), input.feeInfo.amount),
                "DevIcmMessenger: fee transfer failed"
            );
        }
        sentMessageFees[messageID] = input.feeInfo;
        WARP_MESSENGER.sendWarpMessage(abi.encode(message));
        emit SendCrossChainMessage(messageID, input.destinationBlockchainID, message, input.feeInfo);
    }

    function receiveCrossChainMessage(uint32 messageIndex, address relayerRewardAddress) external {
        (WarpMessage memory warpMessage, bool valid) = WARP_MESSENGER.getVerifiedWarpMessage(messageIndex);
        require(valid, "DevIcmMessenger: invalid warp message");
        require(warpMessage.originSenderAddress == address(this), "DevIcmMessenger: invalid origin sender address");
        TeleporterMessage memory message = abi.decode(warpMessage.payload, (TeleporterMessage));
        bytes32 here = _blockchainID();
        require(message.destinationBlockchainID == here, "DevIcmMessenger: invalid destination chain ID");
        bytes32 source = warpMessage.sourceChainID;
        bytes32 messageID = keccak256(abi.encode(source, here, message.messageNonce));
        require(receivedMessages[messageID] == address(0), "DevIcmMessenger: message already delivered");
        receivedMessages[messageID] = relayerRewardAddress;
        _owedReceipts[source].push(TeleporterMessageReceipt(message.messageNonce, relayerRewardAddress));
        for (uint256 i = 0; i < message.receipts.length; i++) {
            _markReceipt(source, message.receipts[i]);
        }
        emit ReceiveCrossChainMessage(messageID, source, msg.sender, relayerRewardAddress, message);
        _execute(messageID, source, message);
    }

    function redeemRelayerRewards(address asset) external {
        uint256 amount = relayerRewards[msg.sender][asset];
        require(amount > 0, "DevIcmMessenger: no reward to redeem");
        relayerRewards[msg.sender][asset] = 0;
        require(IERC20(asset).transfer(msg.sender, amount), "DevIcmMessenger: reward transfer failed");
        emit RelayerRewardsRedeemed(msg.sender, asset, amount);
    }

    function _execute(bytes32 messageID, bytes32 source, TeleporterMessage memory message) private {
        if (message.message.length == 0) return;
        bool ok = false;
        if (message.destinationAddress.code.length > 0 && gasleft() > message.requiredGasLimit) {
            (ok, ) = message.destinationAddress.call{gas: message.requiredGasLimit}(
                abi.encodeCall(
                    ITeleporterReceiver.receiveTeleporterMessage,
                    (source, message.originSenderAddress, message.message)
                )
            );
        }
        if (ok) emit MessageExecuted(messageID, source);
        else emit MessageExecutionFailed(messageID, source, message);
    }

    /// A receipt from `destination` for a message this chain sent there: its fee goes to the relayer.
    function _markReceipt(bytes32 destination, TeleporterMessageReceipt memory receipt) private {
        bytes32 messageID = keccak256(abi.encode(_blockchainID(), destination, receipt.receivedMessageNonce));
        TeleporterFeeInfo memory fee = sentMessageFees[messageID];
        delete sentMessageFees[messageID];
        if (fee.amount > 0) relayerRewards[receipt.relayerRewardAddress][fee.feeTokenAddress] += fee.amount;
        emit ReceiptReceived(messageID, destination, receipt.relayerRewardAddress, fee);
    }

    function _takeReceipts(bytes32 destination) private returns (TeleporterMessageReceipt[] memory receipts) {
        TeleporterMessageReceipt[] storage owed = _owedReceipts[destination];
        uint256 count = owed.length < MAX_RECEIPTS ? owed.length : MAX_RECEIPTS;
        receipts = new TeleporterMessageReceipt[](count);
        for (uint256 i = 0; i < count; i++) {
            receipts[i] = owed[owed.length - 1];
            owed.pop();
        }
    }

    function _blockchainID() private returns (bytes32) {
        if (blockchainID == bytes32(0)) blockchainID = WARP_MESSENGER.getBlockchainID();
        return blockchainID;
    }
}

/// A destination for ICM messages: records what arrives.
contract DevIcmReceiver {
    address public immutable messenger;

    event MessageReceived(bytes32 indexed sourceBlockchainID, address indexed originSenderAddress, bytes message);

    constructor(address messenger_) {
        messenger = messenger_;
    }

    function receiveTeleporterMessage(bytes32 sourceBlockchainID, address originSenderAddress, bytes calldata message)
        external
    {
        require(msg.sender == messenger, "DevIcmReceiver: not the messenger");
        emit MessageReceived(sourceBlockchainID, originSenderAddress, message);
    }
}

/// The L1's validator manager, the address its ConvertSubnetToL1Tx names: it sends the P-Chain the L1's validator
/// changes (RegisterL1Validator, L1ValidatorWeight) as Warp messages. Its code is in the L1's genesis; the devnet's
/// operator is its only caller, so it checks nothing.
contract DevValidatorManager {
    IWarpMessenger public constant WARP_MESSENGER = IWarpMessenger(0x0200000000000000000000000000000000000005);

    function sendValidatorMessage(bytes calldata payload) external returns (bytes32 messageID) {
        return WARP_MESSENGER.sendWarpMessage(payload);
    }
}
