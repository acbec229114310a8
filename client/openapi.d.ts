// Generated from a tokenhub service's /openapi.json by `npm run client:types`: do not edit by hand.

export interface paths {
    "/api/v1/collections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Collections indexed on a chain (created through tokenhub or listed in the chains file)
         * @description The ERC-20, ERC-721 and ERC-1155 contracts the index follows on the chain, oldest first, 50 a page, with their kind, name and symbol, and whether tokenhub created them.
         */
        get: operations["listCollections"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/chatUsers/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Link a chat-platform user to an address (used by the chatId filter of token queries)
         * @description Records that a user of a chat platform (Telegram, Discord) is an address, for this project; the token queries' chatId, telegramId and discordId filters then find that address's tokens. Linking the same user again replaces the address.
         */
        post: operations["linkChatUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/erc20/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deploy an ERC-20 token owned by the calling project
         * @description Deploys a new ERC-20 contract on the chain, paid for and administered by the service's signer; the calling project owns it (only its tokens can mint, permit or update it). The answer carries its address, known before the deployment is mined.
         */
        post: operations["createErc20Collection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/erc20/mint": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mint ERC-20 tokens (human-readable amount, scaled by the token's decimals)
         * @description Mints `amount` (a decimal string such as "12.5", scaled by the token's decimals) to the recipient. The answer comes once the transaction is sent, not mined: follow it with GET /api/v1/operations/{operationId} (or the transactionUrl), or send `?wait=mined` to have the answer wait for it.
         */
        post: operations["mintErc20"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/erc20/owners": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Holders of an ERC-20 token, by owner address, with human-readable and raw balances
         * @description Every address with a non-zero balance of the token, by address, 50 a page, as indexed from the chain's events (a token of any project, or one listed in the chains file).
         */
        get: operations["listErc20Owners"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/erc721/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deploy an ERC-721 collection owned by the calling project
         * @description Deploys a new ERC-721 collection, paid for and administered by the service's signer; the calling project owns it. `defaultMetadata` is what every token shows until it gets its own; `transferable: false` makes the tokens soulbound.
         */
        post: operations["createErc721Collection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/erc721/mint": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mint one ERC-721 token (ids are assigned by the contract, from 1 up)
         * @description Mints the collection's next token to the recipient, with its own metadata if given (served at /metadata/{chainId}/{contractAddress}/{tokenId}). The answer comes once the transaction is sent, not mined: follow it with GET /api/v1/operations/{operationId} (or the transactionUrl), or send `?wait=mined` to have the answer wait for it. The operation (or the answer, with `wait`) tells the token id once mined.
         */
        post: operations["mintErc721"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/erc721/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Tokens of an ERC-721 collection by token id, with owner, effective metadata and ERC-6551 account address
         * @description The collection's tokens in token id order, 50 a page, optionally only some ids, one owner's, or those of a chat user linked with POST /api/v1/chatUsers/link; each with its owner, its effective metadata and its ERC-6551 account address.
         */
        get: operations["listErc721Tokens"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/erc721/owners": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Holders of an ERC-721 collection, by owner address, each with all its tokens
         * @description Every address holding tokens of the collection, by address, 50 a page, each with the ids it holds.
         */
        get: operations["listErc721Owners"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/erc1155/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deploy an ERC-1155 collection owned by the calling project (name, symbol); or, as GroupOS does, create a token type of one (contractAddress, metadata; no name)
         * @description With `name` and `symbol`, deploys a new ERC-1155 collection owned by the calling project (as /erc721/create does). Without a name but with `contractAddress`, creates a token type in that collection and answers its tokenId (as /erc1155/tokens/create does).
         */
        post: operations["createErc1155Collection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/erc1155/tokens/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an ERC-1155 token type with its metadata; returns its tokenId
         * @description Reserves the collection's next token id for a new token type with its metadata. Nothing is sent to the chain: the type exists once its first token is minted, and lists in GET /api/v1/erc1155/tokens before that.
         */
        post: operations["createErc1155TokenType"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/erc1155/mint": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mint an amount of one ERC-1155 token type
         * @description Mints `amount` tokens of type `tokenId` to the recipient. The answer comes once the transaction is sent, not mined: follow it with GET /api/v1/operations/{operationId} (or the transactionUrl), or send `?wait=mined` to have the answer wait for it.
         */
        post: operations["mintErc1155"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/erc1155/batchMint": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mint several ERC-1155 tokens in one transaction
         * @description Mints every entry of `mints` (recipient, token type, amount) in one transaction: all or none. The number of entries is limited by TOKENHUB_MAX_BATCH_SIZE.
         */
        post: operations["batchMintErc1155"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/erc1155/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Token types of an ERC-1155 collection by token id, with effective metadata and supply (created types not minted yet included)
         * @description The collection's token types in token id order, 50 a page, each with its effective metadata and its supply; optionally some ids, or those one owner holds.
         */
        get: operations["listErc1155Tokens"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/erc1155/owners": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Holders of an ERC-1155 collection, by owner address, each with its tokens and their sum
         * @description Every address holding tokens of the collection, by address, 50 a page, each with the amount of each type it holds and their sum.
         */
        get: operations["listErc1155Owners"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/transactions/{hash}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A transaction the service sent: status, block, gas, fee, earlier attempts and what it minted
         * @description A transaction sent by the service, by its hash: its status and confirmations, whether it is final, its gas and fee, and the tokens it minted.
         */
        get: operations["getTransaction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operations/{operationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A write request by the operationId its answer carried: its status, its transaction (followed if sent again) and what it minted
         * @description Every write's answer carries an operationId. This tells what became of it: pending, success or failure, the transaction that carries it (the latest one if it was replaced by a fee bump or sent again after a reorganisation), and the tokens it minted, with their ids.
         */
        get: operations["getOperation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/erc6551/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The ERC-6551 account address of a token (known before it is created) and whether it is deployed; needs no token
         * @description Computes the token's ERC-6551 account address (registry, tokenhub's implementation, salt 0) and asks the chain whether code is there. Public: the address follows from public data.
         */
        get: operations["describeTokenAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/erc6551/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The ERC-6551 accounts of the ERC-721 tokens an owner holds (or the project's cloud keys hold), created or not yet, by chain, contract and token id
         * @description For every ERC-721 token the owner holds (or, without ownerAddress, that the project's cloud keys hold), its ERC-6551 account address and whether it is deployed, 50 a page.
         */
        get: operations["listNftAccounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/accounts/calls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Call batches an ERC-6551 account executed, newest first
         * @description The transactions that ran calls through the account, newest first, 50 a page: those the index saw execute, and those tokenhub sent that reverted or are not indexed yet; each with its calls and the fee paid.
         */
        get: operations["listAccountTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/calls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Call batches an ERC-6551 account executed, newest first
         * @description The transactions that ran calls through the account, newest first, 50 a page: those the index saw execute, and those tokenhub sent that reverted or are not indexed yet; each with its calls and the fee paid.
         */
        get: operations["listAccountTransactionsAlias"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/erc6551/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an NFT's ERC-6551 account (idempotent: an existing account is returned and nothing is sent)
         * @description Deploys the token's ERC-6551 account through the registry (tokenhub's account implementation, salt 0), paid for by the service's signer. The address is the one GET /api/v1/erc6551/account tells beforehand; an account that already exists is answered without sending anything.
         */
        post: operations["createNftAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/executeCall": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run one call through an ERC-6551 account whose NFT a cloud key of the project holds (the service pays the gas)
         * @description Sends `call` (to, value in wei, calldata) from the ERC-6551 account. The account's NFT must be held by one of the project's cloud keys, which signs; the service's signer pays the gas. The answer comes once the transaction is sent; GET /api/v1/account/calls lists the account's executed calls.
         */
        post: operations["executeAccountCall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/call": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run one call through an ERC-6551 account whose NFT a cloud key of the project holds (the service pays the gas); the same as /account/executeCall
         * @description Sends `call` (to, value in wei, calldata) from the ERC-6551 account. The account's NFT must be held by one of the project's cloud keys, which signs; the service's signer pays the gas. The answer comes once the transaction is sent; GET /api/v1/account/calls lists the account's executed calls.
         */
        post: operations["executeAccountCallAlias"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/batchCalls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run calls through an ERC-6551 account atomically, all or none (the service pays the gas)
         * @description Sends every call of `calls` from the ERC-6551 account in one transaction: if one reverts, none happens. Same conditions as /account/executeCall.
         */
        post: operations["executeAccountCalls"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/key/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a cloud key: a private key the service generates and holds, never revealed
         * @description Generates a private key, stores it encrypted and answers its address (evmAddress). The key signs for the project (POST /api/v1/key/sign, /key/signTypedData) and can hold NFTs whose ERC-6551 accounts the project then runs calls through. `customRef` is the caller's own label for it (a user id, say); `chatId` links a chat user to its address as POST /api/v1/chatUsers/link does.
         */
        post: operations["createCloudKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/key/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The project's cloud keys by creation time, optionally those with one customRef
         * @description The project's cloud keys, oldest first, 50 a page, with their address and customRef; never the key itself.
         */
        get: operations["listCloudKeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/key/sign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign a message with a cloud key (EIP-191 personal_sign)
         * @description Signs the message as `personal_sign` does (the EIP-191 prefix is added), with the project's cloud key at `accountAddress`; verifiable with viem's verifyMessage or ethers' verifyMessage.
         */
        post: operations["signMessageWithCloudKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/key/signTypedData": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign EIP-712 typed data with a cloud key
         * @description Signs the typed data (domain, types, primaryType, message) as `eth_signTypedData_v4` does, with the project's cloud key at `accountAddress`.
         */
        post: operations["signTypedDataWithCloudKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/holders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every holder of the given contracts across ERC-20, ERC-721 and ERC-1155, grouped by holder
         * @description For each address holding any of the contracts' tokens, what it holds of each: balances of ERC-20 tokens, ids of ERC-721 tokens, amounts of ERC-1155 types. Contracts of any kind may be mixed.
         */
        get: operations["listHolders"];
        put?: never;
        /**
         * Every holder of the given contracts across ERC-20, ERC-721 and ERC-1155, grouped by holder
         * @description For each address holding any of the contracts' tokens, what it holds of each: balances of ERC-20 tokens, ids of ERC-721 tokens, amounts of ERC-1155 types. Contracts of any kind may be mixed. The parameters may also come as a JSON body `{ contractAddresses: [...], chainId? }`; an empty body is fine.
         */
        post: operations["listHoldersByPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/holders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every holder of the given contracts across ERC-20, ERC-721 and ERC-1155, grouped by holder
         * @description For each address holding any of the contracts' tokens, what it holds of each: balances of ERC-20 tokens, ids of ERC-721 tokens, amounts of ERC-1155 types. Contracts of any kind may be mixed. The same as /api/holders.
         */
        get: operations["listHoldersV1"];
        put?: never;
        /**
         * Every holder of the given contracts across ERC-20, ERC-721 and ERC-1155, grouped by holder
         * @description For each address holding any of the contracts' tokens, what it holds of each: balances of ERC-20 tokens, ids of ERC-721 tokens, amounts of ERC-1155 types. Contracts of any kind may be mixed. The parameters may also come as a JSON body `{ contractAddresses: [...], chainId? }`; an empty body is fine. The same as /api/holders.
         */
        post: operations["listHoldersV1ByPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every token an address holds, of every standard and collection
         * @description Everything an address holds on a chain, across the calling project's collections and the external contracts the index follows (not other projects' collections): each ERC-721 token with its metadata and ERC-6551 account address, each ERC-1155 balance with its metadata, each ERC-20 balance (human-readable and raw). By contract address then token id, 50 a page (pageKey).
         */
        get: operations["listTokensOfOwner"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/transfers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Transfer history of a contract (ERC-20, ERC-721 or ERC-1155), newest first
         * @description A contract's transfers of any standard, newest first, 50 a page (pageKey): mints and burns included, optionally only one token's, only those from or to an address, or only those of a range of blocks. ERC-20 amounts come human-readable and raw, as the owners routes answer them.
         */
        get: operations["listTransfers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metadata/{chainId}/{contractAddress}/{tokenId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Public token metadata (OpenSea form): what tokenURI / uri point to
         * @description What the token's tokenURI (ERC-721) or uri (ERC-1155) points to, for marketplaces and wallets: its effective metadata (the collection's defaults overridden by its own fields) in the OpenSea form. Public, cacheable for a minute, with an ETag.
         */
        get: operations["getPublicTokenMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metadata/{chainId}/{contractAddress}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Public contract metadata (ERC-7572): what contractURI points to
         * @description What the collection's contractURI (ERC-7572) points to: its name, description and image, for marketplaces. Public, cacheable for a minute, with an ETag.
         */
        get: operations["getPublicContractMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/nft/metadata": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A token's effective metadata (collection defaults overridden by the token's own)
         * @description The token's effective metadata, as /metadata/{chainId}/{contractAddress}/{tokenId} serves it, at the top level and under `metadata`, with `metadataStatus`: whether the chain has announced the latest metadata write yet.
         */
        get: operations["getTokenMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/nft/collectionMetadata": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update an NFT collection's default metadata (every token inherits it) and announce it on chain
         * @description Replaces the fields given of the collection's default metadata (name, description, image, attributes...), which every token shows where it has no value of its own. The stored metadata changes at once (GET /api/v1/nft/metadata and /metadata/* answer it); marketplaces are told through the chain's refresh events, sent in one transaction for all the writes to a collection within the propagation window (TOKENHUB_METADATA_PROPAGATION_WINDOW_MS).
         */
        put: operations["setCollectionMetadata"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/nft/tokenMetadata": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update one ERC-721 or ERC-1155 token's own metadata (overrides the collection's field by field) and announce it on chain
         * @description Replaces the fields given of one token's own metadata, which override the collection's defaults field by field. The stored metadata changes at once (GET /api/v1/nft/metadata and /metadata/* answer it); marketplaces are told through the chain's refresh events, sent in one transaction for all the writes to a collection within the propagation window (TOKENHUB_METADATA_PROPAGATION_WINDOW_MS).
         */
        put: operations["setTokenMetadata"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/nft/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Emit the metadata refresh events (ERC-4906, ERC-1155 URI, ERC-7572) now, for one token or the whole collection
         * @description Sends a transaction that emits the refresh events marketplaces listen to (ERC-4906 MetadataUpdate or BatchMetadataUpdate, ERC-1155 URI, ERC-7572 ContractURIUpdated) without changing anything: for when a marketplace shows stale metadata.
         */
        post: operations["refreshMetadata"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/erc20/permit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Permit a recipient to mint ERC-20 tokens (human-readable amount)
         * @description Signs a mint permit (EIP-712) with a service signer holding the contract's minter role; no transaction is sent. The recipient sends `preparedCall` (to, data) itself, and pays its gas, before the expiration. The answer's permitId follows it: GET /api/v1/permits/{permitId}.
         */
        post: operations["issueErc20Permit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/erc721/permit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Permit a recipient to mint one ERC-721 token, with metadata for it
         * @description Signs a mint permit (EIP-712) with a service signer holding the contract's minter role; no transaction is sent. The recipient sends `preparedCall` (to, data) itself, and pays its gas, before the expiration. The answer's permitId follows it: GET /api/v1/permits/{permitId}.
         */
        post: operations["issueErc721Permit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/erc1155/permit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Permit a recipient to mint an amount of an ERC-1155 token type
         * @description Signs a mint permit (EIP-712) with a service signer holding the contract's minter role; no transaction is sent. The recipient sends `preparedCall` (to, data) itself, and pays its gas, before the expiration. The answer's permitId follows it: GET /api/v1/permits/{permitId}.
         */
        post: operations["issueErc1155Permit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/erc20/permit/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One call that redeems all of a recipient's unused, unexpired ERC-20 permits (multicall), with their total
         * @description Gathers the recipient's ERC-20 permits of the contract that are neither redeemed, revoked nor expired into one multicall the recipient sends to redeem them all at once, with the total it mints. A 404 with zero totals when none is left.
         */
        get: operations["erc20PermitBatch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/permits/{permitId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A permit and its status from the indexed chain: open, redeemed (transaction, minted token ids), expired or revoked
         * @description The permit as issued (recipient, amount or metadata, expiration, signer) and its status, from the chain's events: open, redeemed (with the transaction and the token ids minted), expired or revoked.
         */
        get: operations["getPermit"];
        put?: never;
        post?: never;
        /**
         * Revoke a permit on chain (invalidateNonce, sent by the signer that signed it); a repeat answers the same transaction
         * @description Makes an open permit unusable: its signer invalidates its nonce on chain. Revoking it again answers the same transaction. A permit already redeemed or expired is a 409.
         */
        delete: operations["revokePermit"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The project's webhook endpoints
         * @description Every endpoint of the project, oldest first, with its status (failing once a delivery ran out of retries); secrets are never listed.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Subscribe a URL to events
         * @description Creates a webhook endpoint of the project: the events of the given types are POSTed to `url`, signed as Standard Webhooks defines (webhook-id, webhook-timestamp, webhook-signature). The answer carries the signing secret, once.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{webhookId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Deletes the endpoint with its delivery log; deliveries still pending are not sent.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{webhookId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event to an endpoint
         * @description Queues a `webhook.test` event for this endpoint alone, signed, retried and logged like any other; its outcome shows in the delivery log.
         */
        post: operations["testWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{webhookId}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace an endpoint's signing secret
         * @description Answers a new secret, once. For 24 hours deliveries carry two signatures in webhook-signature, one per secret, so the receiver can switch without missing a delivery.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{webhookId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An endpoint's delivery log
         * @description Its deliveries, newest first, 50 a page: status, attempts, the last response code or error, and the body delivered.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{webhookId}/deliveries/{eventId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send an event to an endpoint again
         * @description Makes the delivery due now, with a new 24-hour retry window, whether it was delivered, failed or is still retrying. Same event id, same body.
         */
        post: operations["redeliverWebhookEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/nft/uploadMedia": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a media file (multipart part 'media'); returns its public mediaUrl
         * @description The file is streamed to storage and named by its SHA-256: the same bytes uploaded again get the same mediaUrl and are stored once. Its type is detected from its content, never from its name.
         */
        post: operations["uploadMedia"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/media/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A stored media file, public: immutable, with ETag and byte ranges
         * @description The file an upload answered as mediaUrl, named by its SHA-256. Public and immutable (cached for a year), with an ETag and byte ranges (Range, If-Range); files a browser would run (SVG, HTML) are sandboxed, and those that are not images are downloads.
         */
        get: operations["getMedia"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "/transaction.sent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A transaction was signed and recorded, and is being broadcast
         * @description A transaction was signed and recorded, and is being broadcast. Sent to endpoints subscribed to `transaction.sent`.
         */
        post: operations["onTransactionSent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/transaction.confirmed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A transaction's receipt was seen: status success or failure
         * @description A transaction's receipt was seen: status success or failure. Sent to endpoints subscribed to `transaction.confirmed`.
         */
        post: operations["onTransactionConfirmed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/transaction.finalized": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A transaction's block is final
         * @description A transaction's block is final. Sent to endpoints subscribed to `transaction.finalized`.
         */
        post: operations["onTransactionFinalized"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/transaction.reorged": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A transaction's block was reorganised away: pending again, broadcast again with the same bytes
         * @description A transaction's block was reorganised away: pending again, broadcast again with the same bytes. Sent to endpoints subscribed to `transaction.reorged`.
         */
        post: operations["onTransactionReorged"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/transaction.replaced": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A transaction got a new hash: a fee bump, or its call signed again at a fresh nonce
         * @description A transaction got a new hash: a fee bump, or its call signed again at a fresh nonce. Sent to endpoints subscribed to `transaction.replaced`.
         */
        post: operations["onTransactionReplaced"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mint.confirmed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A mint request's transaction was mined: what it minted, with its operationId
         * @description A mint request's transaction was mined: what it minted, with its operationId. Sent to endpoints subscribed to `mint.confirmed`.
         */
        post: operations["onMintConfirmed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/permit.redeemed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A permit of the project was redeemed on chain (from the index)
         * @description A permit of the project was redeemed on chain (from the index). If a reorganisation removes it, `permit.redeemed.reorged` follows with the same data and `reorgedEventId`, the id of this event. Sent to endpoints subscribed to `permit.redeemed`.
         */
        post: operations["onPermitRedeemed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/permit.revoked": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A permit of the project was revoked on chain (from the index)
         * @description A permit of the project was revoked on chain (from the index). If a reorganisation removes it, `permit.revoked.reorged` follows with the same data and `reorgedEventId`, the id of this event. Sent to endpoints subscribed to `permit.revoked`.
         */
        post: operations["onPermitRevoked"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metadata.propagated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The transaction announcing metadata changes (ERC-4906, ERC-7572) was mined
         * @description The transaction announcing metadata changes (ERC-4906, ERC-7572) was mined. Sent to endpoints subscribed to `metadata.propagated`.
         */
        post: operations["onMetadataPropagated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account.call.confirmed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Calls run through an ERC-6551 account were mined
         * @description Calls run through an ERC-6551 account were mined. Sent to endpoints subscribed to `account.call.confirmed`.
         */
        post: operations["onAccountCallConfirmed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/token.transferred": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A token of the project's collections moved on chain (mints and burns included), from the index
         * @description A token of the project's collections moved on chain (mints and burns included), from the index. If a reorganisation removes it, `token.transferred.reorged` follows with the same data and `reorgedEventId`, the id of this event. Sent to endpoints subscribed to `token.transferred`.
         */
        post: operations["onTokenTransferred"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An ERC-6551 account was created for an NFT of the project's collections, from the index
         * @description An ERC-6551 account was created for an NFT of the project's collections, from the index. If a reorganisation removes it, `account.created.reorged` follows with the same data and `reorgedEventId`, the id of this event. Sent to endpoints subscribed to `account.created`.
         */
        post: operations["onAccountCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * What POST /api/v1/webhooks/{webhookId}/test sends, to that endpoint alone
         * @description What POST /api/v1/webhooks/{webhookId}/test sends, to that endpoint alone.
         */
        post: operations["onWebhookTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        HoldersRequest: {
            /** @description Contract addresses: a comma list (0xA,0xB), a bracketed one ([0xA,0xB]), repeated, or contractAddresses[] */
            contractAddresses?: string | string[];
            /**
             * @description Chain id (a JSON integer, or its digits as a string)
             * @example 31337
             */
            chainId?: number | string;
            /**
             * @description The state as the end of this block left it, from the index's history of transfers (metadata is the tokens' current one). A block before the contract's indexed start or after the index's head is a 400; one the chain may still reorganise is answered with finalized: false.
             * @example 1042
             */
            atBlock?: number | string;
        };
        CollectionList: {
            /**
             * @description Always true: a failure answers the Error envelope instead
             * @enum {boolean}
             */
            success: true;
            /** @description The collections, oldest first */
            collections: components["schemas"]["Collection"][];
            /** @description The page answered (0-based) */
            page: number;
            /** @description The next page to ask for; null on the last page */
            nextPage: number | null;
            /** @description Pass it as pageKey for the next page; null on the last page */
            nextPageKey: string | null;
        };
        Collection: {
            /**
             * @description Chain id
             * @example 31337
             */
            chainId: number;
            /**
             * @description The token contract's address (EIP-55 checksummed)
             * @example 0x20a7B17d3e7838A53543236881A73Ba689AD90bC
             */
            contractAddress: string;
            /**
             * @description The token standard
             * @enum {string}
             */
            type: "erc20" | "erc721" | "erc1155";
            /** @description Its name (null when the contract has none) */
            name: string | null;
            /** @description Its symbol (null when the contract has none) */
            symbol: string | null;
            /** @description ERC-20: its decimals; null for NFTs */
            decimals: number | null;
            /** @description NFTs created by tokenhub: false when soulbound; null otherwise */
            transferable: boolean | null;
            /** @description `factory` (created through tokenhub) or `external` (from the chains file) */
            source: string;
            /** @description The block it was created in (or the chains file's start block) */
            createdBlock: string;
        };
        /** @description The error envelope: every answer that is not a success has this form */
        Error: {
            /**
             * @description Always false: the request failed
             * @enum {boolean}
             */
            success: false;
            /** @description What went wrong and what to do about it, for a person to read */
            error: string;
            /**
             * @description The kind of error, for a program to branch on
             * @enum {string}
             */
            code: "VALIDATION_ERROR" | "UNAUTHORIZED" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CHAIN_NOT_CONFIGURED" | "IDEMPOTENCY_CONFLICT" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "RANGE_NOT_SATISFIABLE" | "CHAIN_REJECTED" | "RATE_LIMITED" | "CHAIN_UNAVAILABLE" | "SIGNER_UNAVAILABLE" | "NOT_READY" | "SHUTTING_DOWN" | "DATABASE_UNAVAILABLE" | "INTERNAL";
            /** @description On VALIDATION_ERROR: every invalid field */
            details?: {
                /** @description The field at fault, dotted (`metadata.name`, `calls.0.data`), or where it was (`body`, `query`) */
                path: string;
                /** @description What is wrong with it */
                message: string;
            }[];
            /** @description On NOT_READY while the index catches up: each chain waited for, with the numbers the indexer logs */
            progress?: {
                /** @description The chain */
                chainId: number;
                /** @description The chain's name in the chains file */
                name: string;
                /** @description The last block its index holds (null: none yet) */
                indexedBlock: number | null;
                /** @description The chain's head (null: its RPC did not answer) */
                headBlock: number | null;
                /** @description Blocks indexed, from the chain's start block */
                blocksDone: number;
                /** @description Blocks from the start block to the head */
                blocksTotal: number | null;
                /** @description blocksDone of blocksTotal, in percent */
                percent: number | null;
                /** @description Events indexed per second over the last few seconds (null: not measured yet, or while several chains backfill at once: Ponder counts a build's events together) */
                eventsPerSecond: number | null;
                /** @description Time left at that pace (null: not measured yet) */
                secondsLeft: number | null;
            }[];
        };
        LinkChatUserResponse: {
            /**
             * @description Always true: a failure answers the Error envelope instead
             * @enum {boolean}
             */
            success: true;
            /** @description The chat user linked */
            chatId: string;
            /** @description The address it is now linked to */
            address: string;
        };
        LinkChatUserRequest: {
            /**
             * @description Chat-platform user id (Telegram or Discord): digits, or a JSON integer up to 2^53-1
             * @example 123456789
             */
            chatId: string | number;
            /**
             * @description The user's address
             * @example 0x14dC79964da2C08b23698B3D3cc7Ca32193d9955
             */
            address: string;
        };
        Erc20Created: components["schemas"]["TransactionSent"] & {
            /**
             * @description The token contract's address (EIP-55 checksummed)
             * @example 0x20a7B17d3e7838A53543236881A73Ba689AD90bC
             */
            contractAddress: string;
            /** @description GroupOS's description of what was deployed (contractAddress repeats the top-level one) */
            token: {
                /**
                 * @description The token contract's address (EIP-55 checksummed)
                 * @example 0x20a7B17d3e7838A53543236881A73Ba689AD90bC
                 */
                contractAddress: string;
                /** @description The token's or collection's name */
                name: string;
                /** @description Its ticker symbol */
                symbol: string;
                /** @description Its decimals */
                decimals: number;
            };
        };
        TransactionSent: {
            /**
             * @description Always true: a failure answers the Error envelope instead
             * @enum {boolean}
             */
            success: true;
            /**
             * @description The transaction's hash
             * @example 0xf305b8629db4b45f801c69217ed50712000c425dfa42108116af69a0e638e7ae
             */
            transactionHash: string;
            /** @description Where to follow the transaction: the chain explorer's page when the chains file gives an explorerUrl, else this service's GET /api/v1/transactions/{hash} */
            transactionUrl: string;
            /**
             * Format: uuid
             * @description This request's id, unique per request even when requests share one transaction (mints that arrive together are joined into one); GET /api/v1/operations/{operationId} answers its status, transaction and what it minted
             */
            operationId: string;
        };
        WriteOutcome: {
            /**
             * @description With `wait`: the transaction's status when the answer left (pending: the bound passed first)
             * @enum {string}
             */
            status?: "pending" | "success" | "failure";
            /** @description With `wait`: the block that holds it; null while pending */
            blockNumber?: string | null;
            /** @description With `wait`: its block is final by the chain's finality */
            finalized?: boolean;
            /** @description With `wait`: what this request minted once mined, as GET /api/v1/operations/{operationId} tells */
            minted?: components["schemas"]["MintedToken"][];
            /** @description With `wait`, once mined: the id of the one token this request minted (the id the contract assigned to an ERC-721 mint) */
            tokenId?: string;
            /** @description With `wait`, once mined: the ids of the tokens this request minted, in order */
            tokenIds?: string[];
        };
        MintedToken: {
            /**
             * @description The token contract's address (EIP-55 checksummed)
             * @example 0x20a7B17d3e7838A53543236881A73Ba689AD90bC
             */
            contractAddress: string;
            /**
             * @description Who receives the tokens (EIP-55 checksummed)
             * @example 0x976EA74026E726554dB657fA54763abd0C3a0aa9
             */
            recipientAddress: string;
            /** @description null for ERC-20 */
            tokenId: string | null;
            /** @description Human-readable (decimals applied for ERC-20 tokens this service manages) */
            amount: string;
            /** @description The amount in the token's smallest unit (uint256, decimal; no decimals applied) */
            amountRaw: string;
        };
        CreateErc20Request: {
            /**
             * @description Chain id (a JSON integer, or its digits as a string)
             * @example 31337
             */
            chainId: number | string;
            /**
             * @description The token's or collection's name
             * @example Club
             */
            name: string;
            /**
             * @description Its ticker symbol
             * @example CLB
             */
            symbol: string;
            /**
             * @description How many decimals its amounts have
             * @default 18
             */
            decimals?: number;
        };
        MintErc20Request: {
            /**
             * @description Chain id (a JSON integer, or its digits as a string)
             * @example 31337
             */
            chainId: number | string;
            /**
             * @description The token contract (for writes: one the calling project created or imported)
             * @example 0x20a7B17d3e7838A53543236881A73Ba689AD90bC
             */
            contractAddress: string;
            /**
             * @description Who receives the tokens (not the zero address)
             * @example 0x976EA74026E726554dB657fA54763abd0C3a0aa9
             */
            recipientAddress: string;
            /**
             * @description Human-readable amount, scaled by the token's decimals; a JSON number is accepted too (a string keeps every digit)
             * @example 1.5
             */
            amount: string | number;
        };
        Erc20Owners: {
            /**
             * @description Always true: a failure answers the Error envelope instead
             * @enum {boolean}
             */
            success: true;
            /** @description One entry per holder, by address */
            owners: {
                /**
                 * @description The holder's address (EIP-55 checksummed)
                 * @example 0x14dC79964da2C08b23698B3D3cc7Ca32193d9955
                 */
                ownerAddress: string;
                /** @description Human-readable (the token's decimals applied) */
                totalBalance: string;
                /** @description The balance in the smallest unit (no decimals applied) */
                totalBalanceRaw: string;
            }[];
            /** @description The page answered (0-based) */
            page: number;
            /** @description The next page to ask for; null on the last page */
            nextPage: number | null;
            /** @description Pass it as pageKey for the next page; null on the last page */
            nextPageKey: string | null;
            /** @description With atBlock: the block whose end state this is */
            atBlock?: number;
            /** @description With atBlock: whether that block is final (false: a reorganisation may still change this answer) */
            finalized?: boolean;
        };
        CollectionCreated: components["schemas"]["TransactionSent"] & {
            /**
             * @description The token contract's address (EIP-55 checksummed)
             * @example 0x20a7B17d3e7838A53543236881A73Ba689AD90bC
             */
            contractAddress: string;
            /** @description GroupOS's description of what was deployed (contractAddress repeats the top-level one) */
            token: {
                /**
                 * @description The token contract's address (EIP-55 checksummed)
                 * @example 0x20a7B17d3e7838A53543236881A73Ba689AD90bC
                 */
                contractAddress: string;
                /** @description The token's or collection's name */
                name: string;
                /** @description Its ticker symbol */
                symbol: string;
                /** @description false: soulbound */
                transferable: boolean;
            };
        };
        CreateNftCollectionRequest: {
            /**
             * @description Chain id (a JSON integer, or its digits as a string)
             * @example 31337
             */
            chainId: number | string;
            /**
             * @description The token's or collection's name
             * @example Club
             */
            name: string;
            /**
             * @description Its ticker symbol
             * @example CLB
             */
            symbol: string;
            /**
             * @description false: soulbound (only minting moves a token)
             * @default true
             */
            transferable?: boolean;
            defaultMetadata?: components["schemas"]["MetadataInput"];
        };
        /** @description Write form: name, description, mediaUrl, externalUrl, traits [{ name, value }]; the OpenSea names image, external_url and attributes [{ trait_type, value, display_type? }] are accepted too. */
        MetadataInput: {
            /** @description The token's (or collection's) name */
            name?: string;
            /** @description Its description */
            description?: string;
            /** @description Image or other media: a URL from POST /api/v1/nft/uploadMedia or any http(s)/ipfs/ar/data URL */
            mediaUrl?: string;
            /** @description Same as mediaUrl (OpenSea name) */
            image?: string;
            /** @description A page about the token */
            externalUrl?: string;
            /** @description Same as externalUrl (OpenSea name) */
            external_url?: string;
            /** @description Its traits, as { name, value } */
            traits?: {
                /** @description The trait's name */
                name: string;
                /** @description Its value */
                value: string | number;
            }[];
            /** @description Same as traits (OpenSea form) */
            attributes?: {
                /** @description The trait's name */
                trait_type: string;
                /** @description Its value */
                value: string | number;
                /** @description How marketplaces show it (number, boost_percentage, date...) */
                display_type?: string;
            }[];
        };
        MintErc721Request: {
            /**
             * @description Chain id (a JSON integer, or its digits as a string)
             * @example 31337
             */
            chainId: number | string;
            /**
             * @description The token contract (for writes: one the calling project created or imported)
             * @example 0x20a7B17d3e7838A53543236881A73Ba689AD90bC
             */
            contractAddress: string;
            /**
             * @description Who receives the tokens (not the zero address)
             * @example 0x976EA74026E726554dB657fA54763abd0C3a0aa9
             */
            recipientAddress: string;
            metadata?: components["schemas"]["MetadataInput"];
        };
        Erc721Tokens: {
            /**
             * @description Always true: a failure answers the Error envelope instead
             * @enum {boolean}
             */
            success: true;
            /** @description The tokens, by token id */
            tokens: {
                /**
                 * @description Token id (uint256, decimal)
                 * @example 1
                 */
                tokenId: string;
                /**
                 * @description The holder's address (EIP-55 checksummed)
                 * @example 0x14dC79964da2C08b23698B3D3cc7Ca32193d9955
                 */
                ownerAddress: string;
                metadata: components["schemas"]["Metadata"];
                /** @description The token's ERC-6551 account address (whether or not it exists yet) */
                tbaAddress: string;
            }[];
            /** @description The page answered (0-based) */
            page: number;
            /** @description The next page to ask for; null on the last page */
            nextPage: number | null;
            /** @description Pass it as pageKey for the next page; null on the last page */
            nextPageKey: string | null;
            /** @description With atBlock: the block whose end state this is */
            atBlock?: number;
            /** @description With atBlock: whether that block is final (false: a reorganisation may still change this answer) */
            finalized?: boolean;
        };
        Metadata: {
            /** @description The token's name */
            name: string;
            /** @description Its description */
            description: string;
            /** @description Its image or other media (URL) */
            image: string;
            /** @description A page about it */
            external_url?: string;
            /** @description Its traits */
            attributes: {
                /** @description The trait's name */
                trait_type: string;
                /** @description Its value */
                value: string | number;
                /** @description How marketplaces show it (number, boost_percentage, date...) */
                display_type?: string;
            }[];
        };
        Erc721Owners: {
            /**
             * @description Always true: a failure answers the Error envelope instead
             * @enum {boolean}
             */
            success: true;
            /** @description One entry per holder, by address */
            owners: {
                /**
                 * @description The holder's address (EIP-55 checksummed)
                 * @example 0x14dC79964da2C08b23698B3D3cc7Ca32193d9955
                 */
                ownerAddress: string;
                /** @description How many tokens of the collection the owner holds */
                totalBalance: string;
                /** @description The tokens it holds */
                tokens: {
                    /**
                     * @description Token id (uint256, decimal)
                     * @example 1
                     */
                    tokenId: string;
                    metadata: components["schemas"]["Metadata"];
                }[];
            }[];
            /** @description The page answered (0-based) */
            page: number;
            /** @description The next page to ask for; null on the last page */
            nextPage: number | null;
            /** @description Pass it as pageKey for the next page; null on the last page */
            nextPageKey: string | null;
            /** @description With atBlock: the block whose end state this is */
            atBlock?: number;
            /** @description With atBlock: whether that block is final (false: a reorganisation may still change this answer) */
            finalized?: boolean;
        };
        Erc1155TokenTypeCreated: {
            /**
             * @description Always true: a failure answers the Error envelope instead
             * @enum {boolean}
             */
            success: true;
            /**
             * @description Token id (uint256, decimal)
             * @example 1
             */
            tokenId: string;
            /**
             * Format: uuid
             * @description This request's id, unique per request even when requests share one transaction (mints that arrive together are joined into one); GET /api/v1/operations/{operationId} answers its status, transaction and what it minted
             */
            operationId: string;
        };
        /** @description With name and symbol: a new collection (answered with contractAddress and token). Without a name, with contractAddress: a new token type of that collection (answered with its tokenId). */
        CreateErc1155Request: components["schemas"]["CreateNftCollectionRequest"] | components["schemas"]["CreateErc1155TokenTypeRequest"];
        CreateErc1155TokenTypeRequest: {
            /**
             * @description Chain id (a JSON integer, or its digits as a string)
             * @example 31337
             */
            chainId: number | string;
            /**
             * @description The token contract (for writes: one the calling project created or imported)
             * @example 0x20a7B17d3e7838A53543236881A73Ba689AD90bC
             */
            contractAddress: string;
            metadata?: components["schemas"]["MetadataInput"];
        };
        MintErc1155Request: {
            /**
             * @description Chain id (a JSON integer, or its digits as a string)
             * @example 31337
             */
            chainId: number | string;
            /**
             * @description The token contract (for writes: one the calling project created or imported)
             * @example 0x20a7B17d3e7838A53543236881A73Ba689AD90bC
             */
            contractAddress: string;
            /**
             * @description Who receives the tokens (not the zero address)
             * @example 0x976EA74026E726554dB657fA54763abd0C3a0aa9
             */
            recipientAddress: string;
            /**
             * @description Token id (uint256, decimal); a JSON integer up to 2^53-1 is accepted too
             * @example 1
             */
            tokenId: string | number;
            /**
             * @description Quantity (uint256, decimal, at least 1); a JSON integer up to 2^53-1 is accepted too
             * @example 10
             */
            amount: string | number;
        };
        BatchMintErc1155Request: {
            /**
             * @description Chain id (a JSON integer, or its digits as a string)
             * @example 31337
             */
            chainId: number | string;
            /**
             * @description The token contract (for writes: one the calling project created or imported)
             * @example 0x20a7B17d3e7838A53543236881A73Ba689AD90bC
             */
            contractAddress: string;
            /** @description The mints: recipient, token type and amount of each */
            mints: {
                /**
                 * @description Who receives the tokens (not the zero address)
                 * @example 0x976EA74026E726554dB657fA54763abd0C3a0aa9
                 */
                recipientAddress: string;
                /**
                 * @description Token id (uint256, decimal); a JSON integer up to 2^53-1 is accepted too
                 * @example 1
                 */
                tokenId: string | number;
                /**
                 * @description Quantity (uint256, decimal, at least 1); a JSON integer up to 2^53-1 is accepted too
                 * @example 10
                 */
                amount: string | number;
            }[];
        };
        Erc1155Tokens: {
            /**
             * @description Always true: a failure answers the Error envelope instead
             * @enum {boolean}
             */
            success: true;
            /** @description The token types, by token id */
            tokens: {
                /**
                 * @description Token id (uint256, decimal)
                 * @example 1
                 */
                tokenId: string;
                metadata: components["schemas"]["Metadata"];
                /** @description How many exist (the sum of every holder's balance); 0 for a type created and not minted yet */
                totalSupply: string;
                /** @description With ownerAddress: how many of it the owner holds */
                balance?: string;
            }[];
            /** @description The page answered (0-based) */
            page: number;
            /** @description The next page to ask for; null on the last page */
            nextPage: number | null;
            /** @description Pass it as pageKey for the next page; null on the last page */
            nextPageKey: string | null;
        };
        Erc1155Owners: {
            /**
             * @description Always true: a failure answers the Error envelope instead
             * @enum {boolean}
             */
            success: true;
            /** @description One entry per holder, by address */
            owners: {
                /**
                 * @description The holder's address (EIP-55 checksummed)
                 * @example 0x14dC79964da2C08b23698B3D3cc7Ca32193d9955
                 */
                ownerAddress: string;
                /** @description Sum of the owner's balances in the collection */
                totalBalance: string;
                /** @description The types it holds */
                tokens: {
                    /**
                     * @description Token id (uint256, decimal)
                     * @example 1
                     */
                    tokenId: string;
                    /** @description How many of this type it holds */
                    balance: string;
                }[];
            }[];
            /** @description The page answered (0-based) */
            page: number;
            /** @description The next page to ask for; null on the last page */
            nextPage: number | null;
            /** @description Pass it as pageKey for the next page; null on the last page */
            nextPageKey: string | null;
            /** @description With atBlock: the block whose end state this is */
            atBlock?: number;
            /** @description With atBlock: whether that block is final (false: a reorganisation may still change this answer) */
            finalized?: boolean;
        };
        Transaction: {
            /**
             * @description Always true: a failure answers the Error envelope instead
             * @enum {boolean}
             */
            success: true;
            /**
             * @description Chain id
             * @example 31337
             */
            chainId: number;
            /**
             * @description The transaction's hash
             * @example 0xf305b8629db4b45f801c69217ed50712000c425dfa42108116af69a0e638e7ae
             */
            transactionHash: string;
            /**
             * @description pending until a receipt is seen, then success or failure (reverted); pending again if its block is reorganised away
             * @enum {string}
             */
            status: "pending" | "success" | "failure";
            /** @description Block number (decimal) */
            blockNumber: string | null;
            /** @description Block hash */
            blockHash: string | null;
            /** @description Blocks on top of the transaction's, its own included, up to the head the receipt pass last read (checkedAt): 1 in the head block, 0 while pending */
            confirmations: number;
            /** @description Its block is final by the chain's finality (the RPC's finalized block, or a number of confirmations): no reorganisation can undo it */
            finalized: boolean;
            /** @description The block it was in before that block was reorganised away; it was broadcast again and stays this once mined again */
            reorgedFrom: {
                /** @description Block number (decimal) */
                blockNumber: string;
                /** @description Block hash */
                blockHash: string;
            } | null;
            /** @description Gas it used; null while pending */
            gasUsed: string | null;
            /** @description gasUsed × effectiveGasPrice in the native unit, decimals applied */
            fee: string | null;
            /** @description Earlier attempts (replaced by a fee bump) */
            previousHashes: string[];
            /** @description What it does: erc721.mint, erc1155.batchMint, erc20.create, metadata.propagate, account.executeBatch, ... */
            purpose: string;
            /** @description Why it failed (the decoded revert reason), when it did */
            failureReason: string | null;
            /** @description The tokens it minted (once mined) */
            minted: components["schemas"]["MintedToken"][];
            /** @description When the service's receipt pass last checked the transaction against the chain (ISO-8601); a final one's, when it last read the head its confirmations count to. Status is answered from these records, not asked of the chain per read; null until the first pass after it was sent */
            checkedAt: string | null;
        };
        Operation: {
            /**
             * @description Always true: a failure answers the Error envelope instead
             * @enum {boolean}
             */
            success: true;
            /** @description The request's id, as asked */
            operationId: string;
            /**
             * @description Chain id
             * @example 31337
             */
            chainId: number;
            /** @description What the request did: erc721.mint, erc1155.batchMint, erc721.create, erc1155.createTokenType, erc20.permit, permit.revoke, ... */
            purpose: string;
            /**
             * @description Its transaction's status (pending again if its block is reorganised away); success at once for a request that sends none (a permit, a token type)
             * @enum {string}
             */
            status: "pending" | "success" | "failure";
            /** @description The transaction doing its work (shared with the requests joined into it), under its current hash if it was sent again; null when it sends none */
            transactionHash: string | null;
            /** @description Where to follow the transaction: the chain explorer's page when the chains file gives an explorerUrl, else this service's GET /api/v1/transactions/{hash} */
            transactionUrl: string | null;
            /** @description What this request minted: in a transaction joined from several mints, its own call's token only */
            minted: components["schemas"]["MintedToken"][];
            /** @description When the request was accepted (ISO-8601) */
            createdAt: string;
            /** @description When the service's receipt pass last checked the transaction against the chain (ISO-8601); a final one's, when it last read the head its confirmations count to. Status is answered from these records, not asked of the chain per read; null until the first pass after it was sent */
            checkedAt: string | null;
        };
        Erc6551Account: {
            /**
             * @description Always true: a failure answers the Error envelope instead
             * @enum {boolean}
             */
            success: true;
            /** @description The token's account */
            account: {
                /** @description The account's address (registry, tokenhub's implementation, salt 0) */
                contractAddress: string;
                /** @description Whether code is at that address on the chain now */
                deployed: boolean;
            };
        };
        NftAccounts: {
            /**
             * @description Always true: a failure answers the Error envelope instead
             * @enum {boolean}
             */
            success: true;
            /** @description The NFTs' accounts, by chain, contract and token id */
            accounts: {
                /** @description The account's address (tokenhub's implementation, salt 0) */
                contractAddress: string;
                /** @description Whether the index has seen it created */
                deployed: boolean;
                /** @description The NFT's owner, who controls the account */
                ownerAddress: string;
                /** @description The NFT the account belongs to */
                nft: {
                    /**
                     * @description Chain id
                     * @example 31337
                     */
                    chainId: number;
                    /**
                     * @description The token contract's address (EIP-55 checksummed)
                     * @example 0x20a7B17d3e7838A53543236881A73Ba689AD90bC
                     */
                    contractAddress: string;
                    /**
                     * @description Token id (uint256, decimal)
                     * @example 1
                     */
                    tokenId: string;
                };
            }[];
            /** @description The page answered (0-based) */
            page: number;
            /** @description The next page to ask for; null on the last page */
            nextPage: number | null;
            /** @description Pass it as pageKey for the next page; null on the last page */
            nextPageKey: string | null;
        };
        AccountTransactions: {
            /**
             * @description Always true: a failure answers the Error envelope instead
             * @enum {boolean}
             */
            success: true;
            /** @description The transactions, newest first */
            transactions: {
                /** @description Unix seconds of the block */
                timestamp: number;
                /**
                 * @description pending until mined; success, or failure if it reverted
                 * @enum {string}
                 */
                status: "pending" | "success" | "failure";
                /**
                 * @description The transaction's hash
                 * @example 0xf305b8629db4b45f801c69217ed50712000c425dfa42108116af69a0e638e7ae
                 */
                transactionHash: string;
                /** @description Where to follow the transaction: the chain explorer's page when the chains file gives an explorerUrl, else this service's GET /api/v1/transactions/{hash} */
                transactionUrl: string;
                /** @description Fee in the native unit, decimals applied; null while pending */
                gasSpent: string | null;
                /** @description The calls it ran, in order */
                calls: {
                    /** @description The called address */
                    toAddress: string;
                    /** @description Wei sent with the call (decimal) */
                    value: string;
                    /** @description The calldata (0x-prefixed hex) */
                    data: string;
                }[];
            }[];
            /** @description The page answered (0-based) */
            page: number;
            /** @description The next page to ask for; null on the last page */
            nextPage: number | null;
        };
        NftAccountCreated: {
            /**
             * @description Always true: a failure answers the Error envelope instead
             * @enum {boolean}
             */
            success: true;
            /** @description The account's address (the same before and after it is created) */
            accountAddress: string;
            /** @description The creating transaction; for an account that already existed, the one that created it when known */
            transactionHash: string | null;
            /** @description Where to follow the transaction: the chain explorer's page when the chains file gives an explorerUrl, else this service's GET /api/v1/transactions/{hash} */
            transactionUrl: string | null;
            /**
             * Format: uuid
             * @description This request's id, unique per request even when requests share one transaction (mints that arrive together are joined into one); GET /api/v1/operations/{operationId} answers its status, transaction and what it minted
             */
            operationId: string;
        };
        CreateNftAccountRequest: {
            /** @description The ERC-721 token whose account to create */
            nft: {
                /**
                 * @description Chain id (a JSON integer, or its digits as a string)
                 * @example 31337
                 */
                chainId: number | string;
                /**
                 * @description The token contract (for writes: one the calling project created or imported)
                 * @example 0x20a7B17d3e7838A53543236881A73Ba689AD90bC
                 */
                contractAddress: string;
                /**
                 * @description Token id (uint256, decimal); a JSON integer up to 2^53-1 is accepted too
                 * @example 1
                 */
                tokenId: string | number;
            };
        };
        ExecuteAccountCallRequest: {
            /**
             * @description The ERC-6551 account (GET /api/v1/erc6551/account tells it); its NFT must be held by one of the project's cloud keys
             * @example 0xab5516EFEB132C69a2f47b5bC59F213301d2366B
             */
            accountAddress: string;
            /** @description The call the account makes */
            call: {
                /**
                 * @description Chain id (a JSON integer, or its digits as a string)
                 * @example 31337
                 */
                chainId: number | string;
                /**
                 * @description The address the account calls
                 * @example 0x14dC79964da2C08b23698B3D3cc7Ca32193d9955
                 */
                toAddress: string;
                /**
                 * @description Native currency to send, in wei (uint256, decimal); a JSON integer up to 2^53-1 is accepted too
                 * @example 0
                 */
                value?: string | number;
                /**
                 * @description Calldata (0x-prefixed hex); empty for a plain transfer
                 * @example 0x
                 */
                data?: string;
            };
        };
        BatchAccountCallsRequest: {
            /**
             * @description Chain id (a JSON integer, or its digits as a string)
             * @example 31337
             */
            chainId: number | string;
            /**
             * @description The ERC-6551 account (GET /api/v1/erc6551/account tells it); its NFT must be held by one of the project's cloud keys
             * @example 0xab5516EFEB132C69a2f47b5bC59F213301d2366B
             */
            accountAddress: string;
            /** @description The calls, run in order in one transaction (at most 100); a call's chainId, if given, must be the batch's */
            calls: {
                /**
                 * @description Chain id (a JSON integer, or its digits as a string)
                 * @example 31337
                 */
                chainId?: number | string;
                /**
                 * @description The address the account calls
                 * @example 0x14dC79964da2C08b23698B3D3cc7Ca32193d9955
                 */
                toAddress: string;
                /**
                 * @description Native currency to send, in wei (uint256, decimal); a JSON integer up to 2^53-1 is accepted too
                 * @example 0
                 */
                value?: string | number;
                /**
                 * @description Calldata (0x-prefixed hex); empty for a plain transfer
                 * @example 0x
                 */
                data?: string;
            }[];
        };
        CloudKeyCreated: {
            /**
             * @description Always true: a failure answers the Error envelope instead
             * @enum {boolean}
             */
            success: true;
            /**
             * Format: uuid
             * @description The key's stable id
             */
            keyId: string;
            /**
             * @description The key's address: what it signs as and holds tokens at
             * @example 0x14dC79964da2C08b23698B3D3cc7Ca32193d9955
             */
            evmAddress: string;
            /** @description The reference given at creation; null without one */
            customRef: string | null;
        };
        CreateCloudKeyRequest: {
            /**
             * @description Your own reference for the key (a user id, say); not unique
             * @example user-42
             */
            customRef?: string;
            /**
             * @description Chat-platform user id (Telegram or Discord): digits, or a JSON integer up to 2^53-1
             * @example 123456789
             */
            chatId?: string | number;
        };
        CloudKeys: {
            /**
             * @description Always true: a failure answers the Error envelope instead
             * @enum {boolean}
             */
            success: true;
            /** @description The keys, oldest first */
            keys: components["schemas"]["CloudKey"][];
            /** @description The page answered (0-based) */
            page: number;
            /** @description The next page to ask for; null on the last page */
            nextPage: number | null;
            /** @description Pass it as pageKey for the next page; null on the last page */
            nextPageKey: string | null;
        };
        CloudKey: {
            /**
             * Format: uuid
             * @description The key's stable id
             */
            keyId: string;
            /**
             * @description The key's address: what it signs as and holds tokens at
             * @example 0x14dC79964da2C08b23698B3D3cc7Ca32193d9955
             */
            evmAddress: string;
            /** @description The reference given at creation; null without one */
            customRef: string | null;
        };
        MessageSignature: {
            /**
             * @description Always true: a failure answers the Error envelope instead
             * @enum {boolean}
             */
            success: true;
            /** @description The 65-byte signature (0x-prefixed hex) */
            signature: string;
            /** @description The message signed, as given */
            message: string;
        };
        SignMessageRequest: {
            /**
             * @description The cloud key's address (evmAddress)
             * @example 0x14dC79964da2C08b23698B3D3cc7Ca32193d9955
             */
            accountAddress: string;
            /**
             * @description Signed with EIP-191: 0x-prefixed hex is signed as those bytes, anything else as UTF-8 text
             * @example hello
             */
            message: string;
        };
        TypedDataSignature: {
            /**
             * @description Always true: a failure answers the Error envelope instead
             * @enum {boolean}
             */
            success: true;
            /** @description The 65-byte signature (0x-prefixed hex) */
            signature: string;
        };
        SignTypedDataRequest: {
            /**
             * @description The cloud key's address (evmAddress)
             * @example 0x14dC79964da2C08b23698B3D3cc7Ca32193d9955
             */
            accountAddress: string;
            /** @description EIP-712 domain (name, version, chainId, verifyingContract, salt) */
            domain?: {
                [key: string]: unknown;
            };
            /** @description Struct definitions; EIP712Domain may be left out */
            types: {
                [key: string]: {
                    /** @description The member's name */
                    name: string;
                    /** @description Its EIP-712 type (uint256, address, string, another struct...) */
                    type: string;
                }[];
            };
            /** @description The struct signed; when absent, the one no other struct refers to */
            primaryType?: string;
            /** @description The primary struct's values */
            message: {
                [key: string]: unknown;
            };
        };
        Holders: {
            /**
             * @description Always true: a failure answers the Error envelope instead
             * @enum {boolean}
             */
            success: true;
            /** @description One entry per holder address */
            holders: {
                /**
                 * @description The holder's address (EIP-55 checksummed)
                 * @example 0x14dC79964da2C08b23698B3D3cc7Ca32193d9955
                 */
                holderAddress: string;
                /** @description What it holds, by contract */
                collections: {
                    /**
                     * @description The token standard
                     * @enum {string}
                     */
                    type: "erc20" | "erc721" | "erc1155";
                    /**
                     * @description The token contract's address (EIP-55 checksummed)
                     * @example 0x20a7B17d3e7838A53543236881A73Ba689AD90bC
                     */
                    contractAddress: string;
                    /**
                     * @description Chain id
                     * @example 31337
                     */
                    chainId: number;
                    /** @description The token's or collection's name */
                    name: string;
                    /** @description Its ticker symbol */
                    symbol: string;
                    /** @description Unix seconds of the block at which the current holding began */
                    ownerSince: number;
                    /** @description ERC-20: in the token's units; ERC-721: a count; ERC-1155: a sum */
                    balance: string;
                    /** @description ERC-721 and ERC-1155: the tokens it holds, with their metadata; empty for ERC-20 */
                    nfts: {
                        /** @description Unix seconds of the block at which it got this token */
                        ownerSince: number;
                        /**
                         * @description Token id (uint256, decimal)
                         * @example 1
                         */
                        tokenId: string;
                        /** @description The token's name (its effective metadata) */
                        name: string;
                        /** @description The token's description */
                        description: string;
                        /** @description Its image or other media */
                        mediaUrl: string;
                        /** @description A page about it */
                        externalUrl: string;
                        /** @description Its traits */
                        traits: {
                            /** @description The trait's name (trait_type) */
                            name: string;
                            /** @description Its value */
                            value: string | number;
                        }[];
                    }[];
                }[];
            }[];
            /** @description With atBlock: the block whose end state this is */
            atBlock?: number;
            /** @description With atBlock: whether that block is final (false: a reorganisation may still change this answer) */
            finalized?: boolean;
        };
        WalletTokens: {
            /**
             * @description Always true: a failure answers the Error envelope instead
             * @enum {boolean}
             */
            success: true;
            /** @description What the address holds, by contract address then token id, 50 a page: each ERC-721 token, each ERC-1155 balance, each ERC-20 balance */
            tokens: {
                /**
                 * @description The token contract's address (EIP-55 checksummed)
                 * @example 0x20a7B17d3e7838A53543236881A73Ba689AD90bC
                 */
                contractAddress: string;
                /**
                 * @description The token standard
                 * @enum {string}
                 */
                tokenType: "erc20" | "erc721" | "erc1155";
                /** @description The token's or collection's name */
                name: string;
                /** @description Its ticker symbol */
                symbol: string;
                /**
                 * @description The token (uint256, decimal); null for an ERC-20 balance
                 * @example 1
                 */
                tokenId: string | null;
                /** @description ERC-20: in the token's units (its decimals applied); ERC-721: 1; ERC-1155: how many of the type it holds */
                balance: string;
                /** @description The amount in the token's smallest unit (uint256, decimal; no decimals applied) */
                balanceRaw: string;
                /** @description Unix seconds of the block at which the current holding began */
                ownerSince: number;
                /** @description ERC-721 and ERC-1155: the token's effective metadata; null for ERC-20 */
                metadata: components["schemas"]["Metadata"] | null;
                /** @description ERC-721: the token's ERC-6551 account address (whether or not it exists yet); null otherwise */
                tbaAddress: string | null;
            }[];
            /** @description Pass it as pageKey for the next page; null on the last page */
            nextPageKey: string | null;
        };
        Transfers: {
            /**
             * @description Always true: a failure answers the Error envelope instead
             * @enum {boolean}
             */
            success: true;
            /** @description The contract's transfers, newest first (mints from and burns to the zero address included); 50 a page */
            transfers: {
                /**
                 * @description The token standard
                 * @enum {string}
                 */
                standard: "erc20" | "erc721" | "erc1155";
                /**
                 * @description The token contract's address (EIP-55 checksummed)
                 * @example 0x20a7B17d3e7838A53543236881A73Ba689AD90bC
                 */
                contractAddress: string;
                /** @description The sender (EIP-55; the zero address for a mint) */
                from: string;
                /** @description The recipient (EIP-55; the zero address for a burn) */
                to: string;
                /**
                 * @description The token moved (uint256, decimal); null for ERC-20
                 * @example 1
                 */
                tokenId: string | null;
                /** @description How much moved: ERC-20 in the token's units (its decimals applied), ERC-721 1, ERC-1155 the quantity */
                amount: string;
                /** @description The amount in the token's smallest unit (uint256, decimal; no decimals applied) */
                amountRaw: string;
                /** @description Block number (decimal) */
                blockNumber: string;
                /** @description Unix seconds of the block */
                timestamp: number;
                /**
                 * @description The transaction's hash
                 * @example 0xf305b8629db4b45f801c69217ed50712000c425dfa42108116af69a0e638e7ae
                 */
                transactionHash: string;
                /** @description The log's index in its block (an ERC-1155 batch's moves share it) */
                logIndex: number;
            }[];
            /** @description Pass it as pageKey for the next page; null on the last page */
            nextPageKey: string | null;
        };
        ContractMetadata: {
            /** @description The collection's name */
            name: string;
            /** @description Its description */
            description: string;
            /** @description Its image (URL) */
            image: string;
            /** @description A page about it */
            external_link?: string;
        };
        TokenMetadata: {
            /**
             * @description Always true: a failure answers the Error envelope instead
             * @enum {boolean}
             */
            success: true;
            /** @description The token's name */
            name: string;
            /** @description Its description */
            description: string;
            /** @description Its image or other media (URL) */
            image: string;
            /** @description A page about it */
            external_url?: string;
            /** @description Its traits */
            attributes: {
                /** @description The trait's name */
                trait_type: string;
                /** @description Its value */
                value: string | number;
                /** @description How marketplaces show it (number, boost_percentage, date...) */
                display_type?: string;
            }[];
            metadata: components["schemas"]["Metadata"];
            metadataStatus: components["schemas"]["MetadataStatus"];
        };
        MetadataStatus: {
            /**
             * @description Metadata this service stores (collections it created or imported)
             * @enum {string}
             */
            source: "tokenhub";
        } | {
            /**
             * @description An external contract's own token URI, fetched in the background
             * @enum {string}
             */
            source: "remote";
            /**
             * @description pending: not read yet; fetched: what is served; failed: the last try failed (retried later)
             * @enum {string}
             */
            state: "pending" | "fetched" | "failed";
            /** @description The URI the contract returned (null before the first read) */
            uri: string | null;
            /** @description Why the last try failed */
            error: string | null;
            /** @description How many reads were tried */
            attempts: number;
            /** @description When the metadata served was fetched (ISO-8601) */
            fetchedAt: string | null;
            /** @description When the next try is due; null when none is scheduled */
            nextAttemptAt: string | null;
        };
        /** @description The first write to a collection sends its propagation transaction at once; later writes within the propagation window are sent together in one transaction at its end, and their responses carry no transactionHash. */
        MetadataWritten: {
            /**
             * @description Always true: a failure answers the Error envelope instead
             * @enum {boolean}
             */
            success: true;
            /** @description The propagation transaction, when this write sent one */
            transactionHash?: string;
            /** @description Where to follow the transaction: the chain explorer's page when the chains file gives an explorerUrl, else this service's GET /api/v1/transactions/{hash} */
            transactionUrl?: string;
            /**
             * Format: uuid
             * @description This request's id, when it sent the propagation transaction (GET /api/v1/operations/{operationId})
             */
            operationId?: string;
        };
        CollectionMetadataRequest: {
            /**
             * @description Chain id (a JSON integer, or its digits as a string)
             * @example 31337
             */
            chainId: number | string;
            /**
             * @description The token contract (for writes: one the calling project created or imported)
             * @example 0x20a7B17d3e7838A53543236881A73Ba689AD90bC
             */
            contractAddress: string;
            metadata: components["schemas"]["MetadataUpdate"];
        };
        /** @description Write form: name, description, mediaUrl, externalUrl, traits [{ name, value }]; the OpenSea names image, external_url and attributes [{ trait_type, value, display_type? }] are accepted too. Fields present replace the stored ones, null removes one (it inherits the collection's again), absent fields stay as they are. */
        MetadataUpdate: {
            /** @description The token's (or collection's) name */
            name?: string | null;
            /** @description Its description */
            description?: string | null;
            /** @description Image or other media: a URL from POST /api/v1/nft/uploadMedia or any http(s)/ipfs/ar/data URL */
            mediaUrl?: string | null;
            /** @description Same as mediaUrl (OpenSea name) */
            image?: string | null;
            /** @description A page about the token */
            externalUrl?: string | null;
            /** @description Same as externalUrl (OpenSea name) */
            external_url?: string | null;
            /** @description Its traits, as { name, value } */
            traits?: {
                /** @description The trait's name */
                name: string;
                /** @description Its value */
                value: string | number;
            }[] | null;
            /** @description Same as traits (OpenSea form) */
            attributes?: {
                /** @description The trait's name */
                trait_type: string;
                /** @description Its value */
                value: string | number;
                /** @description How marketplaces show it (number, boost_percentage, date...) */
                display_type?: string;
            }[] | null;
        };
        TokenMetadataRequest: {
            /**
             * @description Chain id (a JSON integer, or its digits as a string)
             * @example 31337
             */
            chainId: number | string;
            /**
             * @description The token contract (for writes: one the calling project created or imported)
             * @example 0x20a7B17d3e7838A53543236881A73Ba689AD90bC
             */
            contractAddress: string;
            /**
             * @description Token id (uint256, decimal); a JSON integer up to 2^53-1 is accepted too
             * @example 1
             */
            tokenId: string | number;
            metadata: components["schemas"]["MetadataUpdate"];
        };
        RefreshMetadataRequest: {
            /**
             * @description Chain id (a JSON integer, or its digits as a string)
             * @example 31337
             */
            chainId: number | string;
            /**
             * @description The token contract (for writes: one the calling project created or imported)
             * @example 0x20a7B17d3e7838A53543236881A73Ba689AD90bC
             */
            contractAddress: string;
            /**
             * @description One token; without it the whole collection and its contract metadata
             * @example 1
             */
            tokenId?: string | number;
        };
        PermitIssued: {
            /**
             * @description Always true: a failure answers the Error envelope instead
             * @enum {boolean}
             */
            success: true;
            /**
             * Format: uuid
             * @description The permit's id
             */
            permitId: string;
            /** @description The signer's EIP-712 signature of the permit (0x-prefixed hex), part of preparedCall's data */
            signature: string;
            preparedCall: components["schemas"]["PreparedCall"];
            /**
             * Format: uuid
             * @description This request's id, unique per request even when requests share one transaction (mints that arrive together are joined into one); GET /api/v1/operations/{operationId} answers its status, transaction and what it minted
             */
            operationId: string;
        };
        /** @description The transaction the recipient sends, from its own account, to redeem */
        PreparedCall: {
            /** @description The token contract */
            to: string;
            /** @description Wei to send (always 0) */
            value: string;
            /** @description Calldata: mintWithPermit(...) or multicall([...]) */
            data: string;
        };
        Erc20PermitRequest: {
            /**
             * @description Chain id (a JSON integer, or its digits as a string)
             * @example 31337
             */
            chainId: number | string;
            /**
             * @description The token contract (for writes: one the calling project created or imported)
             * @example 0x20a7B17d3e7838A53543236881A73Ba689AD90bC
             */
            contractAddress: string;
            /**
             * @description Who receives the tokens (not the zero address)
             * @example 0x976EA74026E726554dB657fA54763abd0C3a0aa9
             */
            recipientAddress: string;
            /**
             * @description When the permit expires: an ISO-8601 date-time with a time zone, or Unix seconds (a JSON integer or its digits); absent or null: never
             * @example 2030-01-31T12:00:00Z
             */
            expiration?: string | number | null;
            /**
             * @description Human-readable amount, scaled by the token's decimals; a JSON number is accepted too (a string keeps every digit)
             * @example 1.5
             */
            amount: string | number;
        };
        Erc721PermitRequest: {
            /**
             * @description Chain id (a JSON integer, or its digits as a string)
             * @example 31337
             */
            chainId: number | string;
            /**
             * @description The token contract (for writes: one the calling project created or imported)
             * @example 0x20a7B17d3e7838A53543236881A73Ba689AD90bC
             */
            contractAddress: string;
            /**
             * @description Who receives the tokens (not the zero address)
             * @example 0x976EA74026E726554dB657fA54763abd0C3a0aa9
             */
            recipientAddress: string;
            /**
             * @description When the permit expires: an ISO-8601 date-time with a time zone, or Unix seconds (a JSON integer or its digits); absent or null: never
             * @example 2030-01-31T12:00:00Z
             */
            expiration?: string | number | null;
            metadata?: components["schemas"]["MetadataInput"];
            individualMetadata?: components["schemas"]["MetadataInput"] & unknown;
        };
        Erc1155PermitRequest: {
            /**
             * @description Chain id (a JSON integer, or its digits as a string)
             * @example 31337
             */
            chainId: number | string;
            /**
             * @description The token contract (for writes: one the calling project created or imported)
             * @example 0x20a7B17d3e7838A53543236881A73Ba689AD90bC
             */
            contractAddress: string;
            /**
             * @description Who receives the tokens (not the zero address)
             * @example 0x976EA74026E726554dB657fA54763abd0C3a0aa9
             */
            recipientAddress: string;
            /**
             * @description When the permit expires: an ISO-8601 date-time with a time zone, or Unix seconds (a JSON integer or its digits); absent or null: never
             * @example 2030-01-31T12:00:00Z
             */
            expiration?: string | number | null;
            /**
             * @description Token id (uint256, decimal); a JSON integer up to 2^53-1 is accepted too
             * @example 1
             */
            tokenId: string | number;
            /**
             * @description Quantity (uint256, decimal, at least 1); a JSON integer up to 2^53-1 is accepted too
             * @example 10
             */
            amount: string | number;
            metadata?: components["schemas"]["MetadataInput"];
            individualMetadata?: components["schemas"]["MetadataInput"] & unknown;
        };
        Erc20PermitBatch: {
            /**
             * @description Always true: a failure answers the Error envelope instead
             * @enum {boolean}
             */
            success: true;
            /** @description Human-readable (the token's decimals applied) */
            totalAmount: string;
            /** @description The amount in the token's smallest unit (uint256, decimal; no decimals applied) */
            totalAmountRaw: string;
            /** @description The permits the call redeems */
            permitIds: string[];
            preparedCall: components["schemas"]["PreparedCall"];
        };
        /** @description The error envelope: every answer that is not a success has this form */
        NoOpenPermits: components["schemas"]["Error"] & {
            /**
             * @description Nothing to redeem
             * @enum {string}
             */
            totalAmount: "0";
            /**
             * @description Nothing to redeem
             * @enum {string}
             */
            totalAmountRaw: "0";
            /** @description No permit */
            permitIds: string[];
        };
        Permit: {
            /**
             * @description Always true: a failure answers the Error envelope instead
             * @enum {boolean}
             */
            success: true;
            /**
             * Format: uuid
             * @description The permit's id
             */
            permitId: string;
            /**
             * @description open: redeemable; redeemed, expired or revoked: not any more
             * @enum {string}
             */
            status: "open" | "redeemed" | "expired" | "revoked";
            /** @description Why the permit has this status, in a sentence */
            statusReason: string;
            /**
             * @description Chain id
             * @example 31337
             */
            chainId: number;
            /**
             * @description The token contract's address (EIP-55 checksummed)
             * @example 0x20a7B17d3e7838A53543236881A73Ba689AD90bC
             */
            contractAddress: string;
            /**
             * @description The contract's token standard
             * @enum {string}
             */
            type: "erc20" | "erc721" | "erc1155";
            /**
             * @description Who receives the tokens (EIP-55 checksummed)
             * @example 0x976EA74026E726554dB657fA54763abd0C3a0aa9
             */
            recipientAddress: string;
            /** @description ERC-1155 only */
            tokenId: string | null;
            /** @description Human-readable for ERC-20 (decimals applied) */
            amount: string;
            /** @description The amount in the token's smallest unit (uint256, decimal; no decimals applied) */
            amountRaw: string;
            /** @description ISO-8601; null: never expires */
            expiration: string | null;
            /** @description The service signer that signed it (holds the minter role) */
            signerAddress: string;
            /** @description The signer's EIP-712 signature of the permit (0x-prefixed hex), part of preparedCall's data */
            signature: string;
            preparedCall: components["schemas"]["PreparedCall"];
            /** @description ERC-721 and ERC-1155: the metadata the minted token gets; null without */
            metadata: {
                [key: string]: unknown;
            } | null;
            /** @description When it was issued (ISO-8601) */
            createdAt: string;
            /** @description Once redeemed: the redeeming transaction and what it minted */
            redemption: {
                /**
                 * @description The transaction's hash
                 * @example 0xf305b8629db4b45f801c69217ed50712000c425dfa42108116af69a0e638e7ae
                 */
                transactionHash: string;
                /** @description Block number (decimal) */
                blockNumber: string;
                /** @description Unix seconds of the block */
                timestamp: number;
                /** @description The account that sent the redemption and paid its gas */
                redeemerAddress: string;
                /** @description Minted token ids (ERC-721, ERC-1155); empty for ERC-20 */
                tokenIds: string[];
            } | null;
            /** @description The invalidateNonce transaction, once a revocation was sent */
            revocation: {
                /**
                 * @description The transaction's hash
                 * @example 0xf305b8629db4b45f801c69217ed50712000c425dfa42108116af69a0e638e7ae
                 */
                transactionHash: string;
                /**
                 * @description pending until mined; success, or failure if it reverted
                 * @enum {string}
                 */
                status: "pending" | "success" | "failure";
            } | null;
        };
        PermitRevocationSent: {
            /**
             * @description Always true: a failure answers the Error envelope instead
             * @enum {boolean}
             */
            success: true;
            /**
             * Format: uuid
             * @description The permit's id
             */
            permitId: string;
            /** @description The revocation; a permit whose revocation was sent already is answered with that one */
            transactionHash: string;
            /** @description Where to follow the transaction: the chain explorer's page when the chains file gives an explorerUrl, else this service's GET /api/v1/transactions/{hash} */
            transactionUrl: string;
            /**
             * Format: uuid
             * @description This request's id, unique per request even when requests share one transaction (mints that arrive together are joined into one); GET /api/v1/operations/{operationId} answers its status, transaction and what it minted
             */
            operationId: string;
        };
        WebhookCreated: {
            /**
             * @description Always true: a failure answers the Error envelope instead
             * @enum {boolean}
             */
            success: true;
            /**
             * Format: uuid
             * @description The endpoint's id
             */
            webhookId: string;
            /** @description Where its events are POSTed */
            url: string;
            /** @description The note given at creation */
            description: string | null;
            /** @description The event types it subscribes to */
            events: string[];
            /**
             * @description failing: a delivery ran out of retries (24 h); back to active with the next delivery that succeeds
             * @enum {string}
             */
            status: "active" | "failing";
            /** @description When it was marked failing (ISO-8601), null while active */
            failingSince: string | null;
            /** @description When it was created (ISO-8601) */
            createdAt: string;
            /**
             * @description The signing secret (Standard Webhooks, whsec_ and base64): shown once, store it now
             * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
             */
            secret: string;
        };
        CreateWebhookRequest: {
            /**
             * @description Where events are POSTed: http or https; loopback, private and other special-use addresses are refused unless TOKENHUB_WEBHOOK_ALLOW_PRIVATE=true
             * @example https://app.example.com/tokenhub/webhooks
             */
            url: string;
            /**
             * @description The event types delivered to it (a `.reorged` compensation comes with the type it takes back)
             * @example [
             *       "mint.confirmed",
             *       "token.transferred"
             *     ]
             */
            events: ("transaction.sent" | "transaction.confirmed" | "transaction.finalized" | "transaction.reorged" | "transaction.replaced" | "mint.confirmed" | "permit.redeemed" | "permit.revoked" | "metadata.propagated" | "account.call.confirmed" | "token.transferred" | "account.created")[];
            /**
             * @description Your own note about it
             * @example orders service
             */
            description?: string;
        };
        Webhooks: {
            /**
             * @description Always true: a failure answers the Error envelope instead
             * @enum {boolean}
             */
            success: true;
            /** @description The endpoints, oldest first */
            webhooks: components["schemas"]["Webhook"][];
        };
        Webhook: {
            /**
             * Format: uuid
             * @description The endpoint's id
             */
            webhookId: string;
            /** @description Where its events are POSTed */
            url: string;
            /** @description The note given at creation */
            description: string | null;
            /** @description The event types it subscribes to */
            events: string[];
            /**
             * @description failing: a delivery ran out of retries (24 h); back to active with the next delivery that succeeds
             * @enum {string}
             */
            status: "active" | "failing";
            /** @description When it was marked failing (ISO-8601), null while active */
            failingSince: string | null;
            /** @description When it was created (ISO-8601) */
            createdAt: string;
        };
        Deleted: {
            /**
             * @description Always true: a failure answers the Error envelope instead
             * @enum {boolean}
             */
            success: true;
        };
        WebhookTestQueued: {
            /**
             * @description Always true: a failure answers the Error envelope instead
             * @enum {boolean}
             */
            success: true;
            /**
             * Format: uuid
             * @description The test event's id; its delivery shows in the delivery log
             */
            eventId: string;
        };
        WebhookSecretRotated: {
            /**
             * @description Always true: a failure answers the Error envelope instead
             * @enum {boolean}
             */
            success: true;
            /**
             * Format: uuid
             * @description The endpoint's id
             */
            webhookId: string;
            /**
             * @description The signing secret (Standard Webhooks, whsec_ and base64): shown once, store it now
             * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
             */
            secret: string;
            /** @description Until then deliveries carry a signature with the previous secret too (ISO-8601) */
            previousSecretExpiresAt: string;
        };
        WebhookDeliveries: {
            /**
             * @description Always true: a failure answers the Error envelope instead
             * @enum {boolean}
             */
            success: true;
            /** @description The deliveries, newest first */
            deliveries: components["schemas"]["WebhookDelivery"][];
            /** @description The page answered (0-based) */
            page: number;
            /** @description The next page to ask for; null on the last page */
            nextPage: number | null;
            /** @description Pass it as pageKey for the next page; null on the last page */
            nextPageKey: string | null;
        };
        WebhookDelivery: {
            /**
             * Format: uuid
             * @description The event's id (its webhook-id header)
             */
            eventId: string;
            /**
             * @description The event's type
             * @example mint.confirmed
             */
            type: string;
            /**
             * @description pending: not delivered yet (retrying); failed: ran out of retries
             * @enum {string}
             */
            status: "pending" | "delivered" | "failed";
            /** @description Attempts made */
            attempts: number;
            /** @description The endpoint's HTTP status at the last attempt; null if it gave none (timeout, refused) */
            lastStatusCode: number | null;
            /** @description Why the last attempt failed */
            lastError: string | null;
            /** @description ISO-8601 */
            lastAttemptAt: string | null;
            /** @description When it is tried next, while pending (ISO-8601) */
            nextAttemptAt: string | null;
            /** @description ISO-8601 */
            deliveredAt: string | null;
            /** @description When the event was recorded (ISO-8601) */
            createdAt: string;
            /** @description The body delivered: { id, type, timestamp, data } */
            event?: unknown;
        };
        WebhookRedelivered: {
            /**
             * @description Always true: a failure answers the Error envelope instead
             * @enum {boolean}
             */
            success: true;
            delivery: components["schemas"]["WebhookDelivery"];
        };
        MediaUpload: {
            /**
             * @description Always true: a failure answers the Error envelope instead
             * @enum {boolean}
             */
            success: true;
            /**
             * @description The file's public URL (GET /media/{name}), for metadata's mediaUrl or image
             * @example http://localhost:42069/media/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08.png
             */
            mediaUrl: string;
            /** @description The SHA-256 of its bytes (hex): its name */
            sha256: string;
            /**
             * @description The type detected from its bytes
             * @example image/png
             */
            contentType: string;
            /** @description Its size in bytes */
            size: number;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /**
         * @description This request's id (the client's own X-Request-Id when it sent a usable one, else a new UUID): the server log's lines for it carry it.
         * @example 4f6b2a4e-8e0c-4d8e-9a57-1d0b6f1f2c3a
         */
        "X-Request-Id": string;
        /**
         * @description Where this request left its rate-limit bucket (IETF draft-ietf-httpapi-ratelimit-headers): `"<policy>";r=<requests remaining>;t=<seconds until full>`. Absent when the limit is off.
         * @example "write";r=19;t=1
         */
        RateLimit: string;
        /**
         * @description The bucket this request took from (read, write or upload per token; anonymous per client address): `"<policy>";q=<burst>;w=<seconds to refill>`. Absent when the limit is off.
         * @example "write";q=20;w=1
         */
        "RateLimit-Policy": string;
        /**
         * @description Seconds after which the same request may succeed (on 429 and 503).
         * @example 5
         */
        "Retry-After": number;
        /** @description `true` when this answer is the stored answer of an earlier request with the same Idempotency-Key (nothing was done again); absent otherwise. */
        "Idempotent-Replayed": "true";
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listCollections: {
        parameters: {
            query: {
                /**
                 * @description Chain id (a JSON integer, or its digits as a string)
                 * @example 31337
                 */
                chainId: number | string;
                /** @description 0-based page index; 50 items a page */
                page?: number | string;
                /** @description The page after the one that answered this key as nextPageKey (omit for the first page). Stable while items are added between two reads: no item twice, none of those there at the first read skipped. */
                pageKey?: string;
                /** @description The read answers once the chain's index includes this block (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and the block the index is at). */
                minBlock?: number;
                /** @description The operationId a write of this project answered: the read answers once the chain's index includes that operation's transaction, once mined (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and where the index and the transaction are). */
                afterOperation?: string;
            };
            header?: {
                /** @description As the minBlock query parameter. The read answers once the chain's index includes this block (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and the block the index is at). */
                "X-Min-Block"?: number;
                /** @description As the afterOperation query parameter. The operationId a write of this project answered: the read answers once the chain's index includes that operation's transaction, once mined (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and where the index and the transaction are). */
                "X-After-Operation"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Collections, oldest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "collections": [
                     *         {
                     *           "chainId": 31337,
                     *           "contractAddress": "0xDB41Ac6605fb876049e1dB20B2E7cbf8c56a06B5",
                     *           "type": "erc20",
                     *           "name": "Gold",
                     *           "symbol": "GLD",
                     *           "decimals": 18,
                     *           "transferable": true,
                     *           "source": "factory",
                     *           "createdBlock": "9"
                     *         },
                     *         {
                     *           "chainId": 31337,
                     *           "contractAddress": "0x20a7B17d3e7838A53543236881A73Ba689AD90bC",
                     *           "type": "erc721",
                     *           "name": "Club",
                     *           "symbol": "CLB",
                     *           "decimals": null,
                     *           "transferable": true,
                     *           "source": "factory",
                     *           "createdBlock": "11"
                     *         },
                     *         {
                     *           "chainId": 31337,
                     *           "contractAddress": "0x791A12932340F0A9E84BD5867d9871c9Fa832B81",
                     *           "type": "erc1155",
                     *           "name": "Items",
                     *           "symbol": "ITM",
                     *           "decimals": null,
                     *           "transferable": true,
                     *           "source": "factory",
                     *           "createdBlock": "13"
                     *         }
                     *       ],
                     *       "page": 0,
                     *       "nextPage": null,
                     *       "nextPageKey": null
                     *     }
                     */
                    "application/json": components["schemas"]["CollectionList"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot answer now: it is stopping (SHUTTING_DOWN) or its database is unavailable (DATABASE_UNAVAILABLE); retry after Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    linkChatUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 200 characters, unique per write (a UUID is a good choice). The same request (method, path and body) repeated with the same key within 24 hours is not done again: it gets the first answer, with `Idempotent-Replayed: true`; the same key with another request is a 409 IDEMPOTENCY_CONFLICT. `X-Idempotency-Key` is accepted too. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description JSON. A body sent without a Content-Type, or as text/plain, is read as JSON too. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "chatId": "123456789",
                 *       "address": "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955"
                 *     }
                 */
                "application/json": components["schemas"]["LinkChatUserRequest"];
                "text/plain": components["schemas"]["LinkChatUserRequest"];
            };
        };
        responses: {
            /** @description Linked */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "chatId": "123456789",
                     *       "address": "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955"
                     *     }
                     */
                    "application/json": components["schemas"]["LinkChatUserResponse"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot answer now: it is stopping (SHUTTING_DOWN) or its database is unavailable (DATABASE_UNAVAILABLE); retry after Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createErc20Collection: {
        parameters: {
            query?: {
                /** @description Answer once the transaction is mined (or final), at most TOKENHUB_WRITE_WAIT_MS (5 s by default): the answer then adds `status`, `blockNumber`, `finalized`, `minted` and the token ids the chain assigned. Past the bound it answers as without it, with `status: "pending"`; nothing is lost, the transaction goes on. */
                wait?: "mined" | "final";
            };
            header?: {
                /** @description 1 to 200 characters, unique per write (a UUID is a good choice). The same request (method, path and body) repeated with the same key within 24 hours is not done again: it gets the first answer, with `Idempotent-Replayed: true`; the same key with another request is a 409 IDEMPOTENCY_CONFLICT. `X-Idempotency-Key` is accepted too. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description JSON. A body sent without a Content-Type, or as text/plain, is read as JSON too. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "chainId": 31337,
                 *       "name": "Gold",
                 *       "symbol": "GLD",
                 *       "decimals": 18
                 *     }
                 */
                "application/json": components["schemas"]["CreateErc20Request"];
                "text/plain": components["schemas"]["CreateErc20Request"];
            };
        };
        responses: {
            /** @description Sent (and, with `wait`, mined or final, or still pending when the bound passed) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "transactionHash": "0xd442e1b8669c4dd4568a213e0f4cff525dc68fe2d6decc5af10e8652ab195213",
                     *       "transactionUrl": "http://localhost:42069/api/v1/transactions/0xd442e1b8669c4dd4568a213e0f4cff525dc68fe2d6decc5af10e8652ab195213",
                     *       "operationId": "52cc1ea6-2546-4200-9e6f-a5475c7fafe1",
                     *       "contractAddress": "0xDB41Ac6605fb876049e1dB20B2E7cbf8c56a06B5",
                     *       "token": {
                     *         "contractAddress": "0xDB41Ac6605fb876049e1dB20B2E7cbf8c56a06B5",
                     *         "name": "Gold",
                     *         "symbol": "GLD",
                     *         "decimals": 18
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erc20Created"] & components["schemas"]["WriteOutcome"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Idempotency-Key reused with another body */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The chain would revert the transaction (reason in `error`) */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The chain's RPC is unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    mintErc20: {
        parameters: {
            query?: {
                /** @description Answer once the transaction is mined (or final), at most TOKENHUB_WRITE_WAIT_MS (5 s by default): the answer then adds `status`, `blockNumber`, `finalized`, `minted` and the token ids the chain assigned. Past the bound it answers as without it, with `status: "pending"`; nothing is lost, the transaction goes on. */
                wait?: "mined" | "final";
            };
            header?: {
                /** @description 1 to 200 characters, unique per write (a UUID is a good choice). The same request (method, path and body) repeated with the same key within 24 hours is not done again: it gets the first answer, with `Idempotent-Replayed: true`; the same key with another request is a 409 IDEMPOTENCY_CONFLICT. `X-Idempotency-Key` is accepted too. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description JSON. A body sent without a Content-Type, or as text/plain, is read as JSON too. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "chainId": 31337,
                 *       "contractAddress": "0xDB41Ac6605fb876049e1dB20B2E7cbf8c56a06B5",
                 *       "recipientAddress": "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
                 *       "amount": "12.5"
                 *     }
                 */
                "application/json": components["schemas"]["MintErc20Request"];
                "text/plain": components["schemas"]["MintErc20Request"];
            };
        };
        responses: {
            /** @description Sent (and, with `wait`, mined or final, or still pending when the bound passed) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "transactionHash": "0x1221852f9a1bd332955a4be956cd9e588ebf0cfa4b0fb949f70a32cabdd6e42a",
                     *       "transactionUrl": "http://localhost:42069/api/v1/transactions/0x1221852f9a1bd332955a4be956cd9e588ebf0cfa4b0fb949f70a32cabdd6e42a",
                     *       "operationId": "91f7dbac-f9e1-445c-845a-2c9f6d9097a6"
                     *     }
                     */
                    "application/json": components["schemas"]["TransactionSent"] & components["schemas"]["WriteOutcome"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Idempotency-Key reused with another body */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The chain would revert the transaction (reason in `error`) */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The chain's RPC is unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listErc20Owners: {
        parameters: {
            query: {
                /**
                 * @description Chain id (a JSON integer, or its digits as a string)
                 * @example 31337
                 */
                chainId: number | string;
                /**
                 * @description The token contract (for writes: one the calling project created or imported)
                 * @example 0xDB41Ac6605fb876049e1dB20B2E7cbf8c56a06B5
                 */
                contractAddress: string;
                /** @description Only what this address holds */
                ownerAddress?: string;
                /** @description 0-based page index; 50 items a page */
                page?: number | string;
                /** @description The page after the one that answered this key as nextPageKey (omit for the first page). Stable while items are added between two reads: no item twice, none of those there at the first read skipped. */
                pageKey?: string;
                /** @description The state as the end of this block left it, from the index's history of transfers (metadata is the tokens' current one). A block before the contract's indexed start or after the index's head is a 400; one the chain may still reorganise is answered with finalized: false. */
                atBlock?: number | string;
                /** @description The read answers once the chain's index includes this block (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and the block the index is at). */
                minBlock?: number;
                /** @description The operationId a write of this project answered: the read answers once the chain's index includes that operation's transaction, once mined (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and where the index and the transaction are). */
                afterOperation?: string;
            };
            header?: {
                /** @description As the minBlock query parameter. The read answers once the chain's index includes this block (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and the block the index is at). */
                "X-Min-Block"?: number;
                /** @description As the afterOperation query parameter. The operationId a write of this project answered: the read answers once the chain's index includes that operation's transaction, once mined (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and where the index and the transaction are). */
                "X-After-Operation"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of results (50 a page; nextPage is null on the last) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "owners": [
                     *         {
                     *           "ownerAddress": "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
                     *           "totalBalance": "12.5",
                     *           "totalBalanceRaw": "12500000000000000000"
                     *         }
                     *       ],
                     *       "page": 0,
                     *       "nextPage": null,
                     *       "nextPageKey": null
                     *     }
                     */
                    "application/json": components["schemas"]["Erc20Owners"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the index is still backfilling (progress in `error` and `progress`, Retry-After set) */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createErc721Collection: {
        parameters: {
            query?: {
                /** @description Answer once the transaction is mined (or final), at most TOKENHUB_WRITE_WAIT_MS (5 s by default): the answer then adds `status`, `blockNumber`, `finalized`, `minted` and the token ids the chain assigned. Past the bound it answers as without it, with `status: "pending"`; nothing is lost, the transaction goes on. */
                wait?: "mined" | "final";
            };
            header?: {
                /** @description 1 to 200 characters, unique per write (a UUID is a good choice). The same request (method, path and body) repeated with the same key within 24 hours is not done again: it gets the first answer, with `Idempotent-Replayed: true`; the same key with another request is a 409 IDEMPOTENCY_CONFLICT. `X-Idempotency-Key` is accepted too. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description JSON. A body sent without a Content-Type, or as text/plain, is read as JSON too. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "chainId": 31337,
                 *       "name": "Club",
                 *       "symbol": "CLB",
                 *       "defaultMetadata": {
                 *         "description": "Members of the club",
                 *         "mediaUrl": "http://localhost:42069/media/bc09c2590d2502c8ffaf1a3c09aa89df222e03d186a8daa0c7fce6321fb6e928.png"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CreateNftCollectionRequest"];
                "text/plain": components["schemas"]["CreateNftCollectionRequest"];
            };
        };
        responses: {
            /** @description Sent (and, with `wait`, mined or final, or still pending when the bound passed) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "transactionHash": "0x4293e9bf120a0caca422eec8c3368fef4d1940e1654539c93d83f432ce2077e9",
                     *       "transactionUrl": "http://localhost:42069/api/v1/transactions/0x4293e9bf120a0caca422eec8c3368fef4d1940e1654539c93d83f432ce2077e9",
                     *       "operationId": "46851f20-264f-404b-8350-60fab1a068dc",
                     *       "contractAddress": "0x20a7B17d3e7838A53543236881A73Ba689AD90bC",
                     *       "token": {
                     *         "contractAddress": "0x20a7B17d3e7838A53543236881A73Ba689AD90bC",
                     *         "name": "Club",
                     *         "symbol": "CLB",
                     *         "transferable": true
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CollectionCreated"] & components["schemas"]["WriteOutcome"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Idempotency-Key reused with another body */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The chain would revert the transaction (reason in `error`) */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The chain's RPC is unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    mintErc721: {
        parameters: {
            query?: {
                /** @description Answer once the transaction is mined (or final), at most TOKENHUB_WRITE_WAIT_MS (5 s by default): the answer then adds `status`, `blockNumber`, `finalized`, `minted` and the token ids the chain assigned. Past the bound it answers as without it, with `status: "pending"`; nothing is lost, the transaction goes on. */
                wait?: "mined" | "final";
            };
            header?: {
                /** @description 1 to 200 characters, unique per write (a UUID is a good choice). The same request (method, path and body) repeated with the same key within 24 hours is not done again: it gets the first answer, with `Idempotent-Replayed: true`; the same key with another request is a 409 IDEMPOTENCY_CONFLICT. `X-Idempotency-Key` is accepted too. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description JSON. A body sent without a Content-Type, or as text/plain, is read as JSON too. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "chainId": 31337,
                 *       "contractAddress": "0x20a7B17d3e7838A53543236881A73Ba689AD90bC",
                 *       "recipientAddress": "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
                 *       "metadata": {
                 *         "name": "Club #1",
                 *         "traits": [
                 *           {
                 *             "name": "level",
                 *             "value": "gold"
                 *           }
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["MintErc721Request"];
                "text/plain": components["schemas"]["MintErc721Request"];
            };
        };
        responses: {
            /** @description Sent (and, with `wait`, mined or final, or still pending when the bound passed) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "transactionHash": "0x001ab08b2607d44018c70033ddaa018fb1aeca118caa8b2aebe8d31de03f90a7",
                     *       "transactionUrl": "http://localhost:42069/api/v1/transactions/0x001ab08b2607d44018c70033ddaa018fb1aeca118caa8b2aebe8d31de03f90a7",
                     *       "operationId": "0e9aa23f-63d9-4480-958d-dde66394eae5"
                     *     }
                     */
                    "application/json": components["schemas"]["TransactionSent"] & components["schemas"]["WriteOutcome"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Idempotency-Key reused with another body */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The chain would revert the transaction (reason in `error`) */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The chain's RPC is unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listErc721Tokens: {
        parameters: {
            query: {
                /**
                 * @description Chain id (a JSON integer, or its digits as a string)
                 * @example 31337
                 */
                chainId: number | string;
                /**
                 * @description The token contract (for writes: one the calling project created or imported)
                 * @example 0x20a7B17d3e7838A53543236881A73Ba689AD90bC
                 */
                contractAddress: string;
                /** @description Token ids: a comma list (1,3), a bracketed one ([1,3]), repeated, or tokenIds[] */
                tokenIds?: string | string[];
                /** @description Token ids: a comma list (1,3), a bracketed one ([1,3]), repeated, or tokenIds[] */
                "tokenIds[]"?: string | string[];
                /** @description Only what this address holds */
                ownerAddress?: string;
                /** @description Chat-platform user id (Telegram or Discord): digits, or a JSON integer up to 2^53-1 */
                chatId?: string | number;
                /** @description Alias of chatId */
                telegramId?: string | number;
                /** @description Alias of chatId */
                discordId?: string | number;
                /** @description 0-based page index; 50 items a page */
                page?: number | string;
                /** @description The page after the one that answered this key as nextPageKey (omit for the first page). Stable while items are added between two reads: no item twice, none of those there at the first read skipped. */
                pageKey?: string;
                /** @description The state as the end of this block left it, from the index's history of transfers (metadata is the tokens' current one). A block before the contract's indexed start or after the index's head is a 400; one the chain may still reorganise is answered with finalized: false. */
                atBlock?: number | string;
                /** @description The read answers once the chain's index includes this block (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and the block the index is at). */
                minBlock?: number;
                /** @description The operationId a write of this project answered: the read answers once the chain's index includes that operation's transaction, once mined (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and where the index and the transaction are). */
                afterOperation?: string;
            };
            header?: {
                /** @description As the minBlock query parameter. The read answers once the chain's index includes this block (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and the block the index is at). */
                "X-Min-Block"?: number;
                /** @description As the afterOperation query parameter. The operationId a write of this project answered: the read answers once the chain's index includes that operation's transaction, once mined (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and where the index and the transaction are). */
                "X-After-Operation"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of results (50 a page; nextPage is null on the last) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "tokens": [
                     *         {
                     *           "tokenId": "1",
                     *           "ownerAddress": "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
                     *           "metadata": {
                     *             "name": "Club #1",
                     *             "description": "Members of the club",
                     *             "image": "http://localhost:42069/media/bc09c2590d2502c8ffaf1a3c09aa89df222e03d186a8daa0c7fce6321fb6e928.png",
                     *             "attributes": [
                     *               {
                     *                 "trait_type": "level",
                     *                 "value": "gold"
                     *               }
                     *             ]
                     *           },
                     *           "tbaAddress": "0xab5516EFEB132C69a2f47b5bC59F213301d2366B"
                     *         }
                     *       ],
                     *       "page": 0,
                     *       "nextPage": null,
                     *       "nextPageKey": null
                     *     }
                     */
                    "application/json": components["schemas"]["Erc721Tokens"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the index is still backfilling (progress in `error` and `progress`, Retry-After set) */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listErc721Owners: {
        parameters: {
            query: {
                /**
                 * @description Chain id (a JSON integer, or its digits as a string)
                 * @example 31337
                 */
                chainId: number | string;
                /**
                 * @description The token contract (for writes: one the calling project created or imported)
                 * @example 0x20a7B17d3e7838A53543236881A73Ba689AD90bC
                 */
                contractAddress: string;
                /** @description Only what this address holds */
                ownerAddress?: string;
                /** @description Token id (uint256, decimal); a JSON integer up to 2^53-1 is accepted too */
                tokenId?: string | number;
                /** @description 0-based page index; 50 items a page */
                page?: number | string;
                /** @description The page after the one that answered this key as nextPageKey (omit for the first page). Stable while items are added between two reads: no item twice, none of those there at the first read skipped. */
                pageKey?: string;
                /** @description The state as the end of this block left it, from the index's history of transfers (metadata is the tokens' current one). A block before the contract's indexed start or after the index's head is a 400; one the chain may still reorganise is answered with finalized: false. */
                atBlock?: number | string;
                /** @description The read answers once the chain's index includes this block (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and the block the index is at). */
                minBlock?: number;
                /** @description The operationId a write of this project answered: the read answers once the chain's index includes that operation's transaction, once mined (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and where the index and the transaction are). */
                afterOperation?: string;
            };
            header?: {
                /** @description As the minBlock query parameter. The read answers once the chain's index includes this block (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and the block the index is at). */
                "X-Min-Block"?: number;
                /** @description As the afterOperation query parameter. The operationId a write of this project answered: the read answers once the chain's index includes that operation's transaction, once mined (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and where the index and the transaction are). */
                "X-After-Operation"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of results (50 a page; nextPage is null on the last) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "owners": [
                     *         {
                     *           "ownerAddress": "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
                     *           "totalBalance": "1",
                     *           "tokens": [
                     *             {
                     *               "tokenId": "1",
                     *               "metadata": {
                     *                 "name": "Club #1",
                     *                 "description": "Members of the club",
                     *                 "image": "http://localhost:42069/media/bc09c2590d2502c8ffaf1a3c09aa89df222e03d186a8daa0c7fce6321fb6e928.png",
                     *                 "attributes": [
                     *                   {
                     *                     "trait_type": "level",
                     *                     "value": "gold"
                     *                   }
                     *                 ]
                     *               }
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "page": 0,
                     *       "nextPage": null,
                     *       "nextPageKey": null
                     *     }
                     */
                    "application/json": components["schemas"]["Erc721Owners"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the index is still backfilling (progress in `error` and `progress`, Retry-After set) */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createErc1155Collection: {
        parameters: {
            query?: {
                /** @description Answer once the transaction is mined (or final), at most TOKENHUB_WRITE_WAIT_MS (5 s by default): the answer then adds `status`, `blockNumber`, `finalized`, `minted` and the token ids the chain assigned. Past the bound it answers as without it, with `status: "pending"`; nothing is lost, the transaction goes on. */
                wait?: "mined" | "final";
            };
            header?: {
                /** @description 1 to 200 characters, unique per write (a UUID is a good choice). The same request (method, path and body) repeated with the same key within 24 hours is not done again: it gets the first answer, with `Idempotent-Replayed: true`; the same key with another request is a 409 IDEMPOTENCY_CONFLICT. `X-Idempotency-Key` is accepted too. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description JSON. A body sent without a Content-Type, or as text/plain, is read as JSON too. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "chainId": 31337,
                 *       "name": "Items",
                 *       "symbol": "ITM"
                 *     }
                 */
                "application/json": components["schemas"]["CreateErc1155Request"];
                "text/plain": components["schemas"]["CreateErc1155Request"];
            };
        };
        responses: {
            /** @description Sent (and, with `wait`, mined or final, or still pending when the bound passed) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "transactionHash": "0x88927750e9e689897b02809f86761a27fbb57c7bca44983799433253c8f9d46d",
                     *       "transactionUrl": "http://localhost:42069/api/v1/transactions/0x88927750e9e689897b02809f86761a27fbb57c7bca44983799433253c8f9d46d",
                     *       "operationId": "a4a79b3c-e0b9-4535-87f9-25d5b75d8b44",
                     *       "contractAddress": "0x791A12932340F0A9E84BD5867d9871c9Fa832B81",
                     *       "token": {
                     *         "contractAddress": "0x791A12932340F0A9E84BD5867d9871c9Fa832B81",
                     *         "name": "Items",
                     *         "symbol": "ITM",
                     *         "transferable": true
                     *       }
                     *     }
                     */
                    "application/json": (components["schemas"]["CollectionCreated"] | components["schemas"]["Erc1155TokenTypeCreated"]) & components["schemas"]["WriteOutcome"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Idempotency-Key reused with another body */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The chain would revert the transaction (reason in `error`) */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The chain's RPC is unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createErc1155TokenType: {
        parameters: {
            query?: {
                /** @description Answer once the transaction is mined (or final), at most TOKENHUB_WRITE_WAIT_MS (5 s by default): the answer then adds `status`, `blockNumber`, `finalized`, `minted` and the token ids the chain assigned. Past the bound it answers as without it, with `status: "pending"`; nothing is lost, the transaction goes on. */
                wait?: "mined" | "final";
            };
            header?: {
                /** @description 1 to 200 characters, unique per write (a UUID is a good choice). The same request (method, path and body) repeated with the same key within 24 hours is not done again: it gets the first answer, with `Idempotent-Replayed: true`; the same key with another request is a 409 IDEMPOTENCY_CONFLICT. `X-Idempotency-Key` is accepted too. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description JSON. A body sent without a Content-Type, or as text/plain, is read as JSON too. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "chainId": 31337,
                 *       "contractAddress": "0x791A12932340F0A9E84BD5867d9871c9Fa832B81",
                 *       "metadata": {
                 *         "name": "Sword"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CreateErc1155TokenTypeRequest"];
                "text/plain": components["schemas"]["CreateErc1155TokenTypeRequest"];
            };
        };
        responses: {
            /** @description Sent (and, with `wait`, mined or final, or still pending when the bound passed) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "tokenId": "1",
                     *       "operationId": "72265131-3cc8-48fc-b73e-fc3948a0e59e"
                     *     }
                     */
                    "application/json": components["schemas"]["Erc1155TokenTypeCreated"] & components["schemas"]["WriteOutcome"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Idempotency-Key reused with another body */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The chain would revert the transaction (reason in `error`) */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The chain's RPC is unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    mintErc1155: {
        parameters: {
            query?: {
                /** @description Answer once the transaction is mined (or final), at most TOKENHUB_WRITE_WAIT_MS (5 s by default): the answer then adds `status`, `blockNumber`, `finalized`, `minted` and the token ids the chain assigned. Past the bound it answers as without it, with `status: "pending"`; nothing is lost, the transaction goes on. */
                wait?: "mined" | "final";
            };
            header?: {
                /** @description 1 to 200 characters, unique per write (a UUID is a good choice). The same request (method, path and body) repeated with the same key within 24 hours is not done again: it gets the first answer, with `Idempotent-Replayed: true`; the same key with another request is a 409 IDEMPOTENCY_CONFLICT. `X-Idempotency-Key` is accepted too. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description JSON. A body sent without a Content-Type, or as text/plain, is read as JSON too. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "chainId": 31337,
                 *       "contractAddress": "0x791A12932340F0A9E84BD5867d9871c9Fa832B81",
                 *       "recipientAddress": "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
                 *       "tokenId": "1",
                 *       "amount": "10"
                 *     }
                 */
                "application/json": components["schemas"]["MintErc1155Request"];
                "text/plain": components["schemas"]["MintErc1155Request"];
            };
        };
        responses: {
            /** @description Sent (and, with `wait`, mined or final, or still pending when the bound passed) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "transactionHash": "0x7eac8c04b90ba963b02e3340541384cbd650de6ba2c5565abb749112bfa9771f",
                     *       "transactionUrl": "http://localhost:42069/api/v1/transactions/0x7eac8c04b90ba963b02e3340541384cbd650de6ba2c5565abb749112bfa9771f",
                     *       "operationId": "9d23dd53-d58c-4a9e-bd7b-9428e479be47"
                     *     }
                     */
                    "application/json": components["schemas"]["TransactionSent"] & components["schemas"]["WriteOutcome"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Idempotency-Key reused with another body */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The chain would revert the transaction (reason in `error`) */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The chain's RPC is unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    batchMintErc1155: {
        parameters: {
            query?: {
                /** @description Answer once the transaction is mined (or final), at most TOKENHUB_WRITE_WAIT_MS (5 s by default): the answer then adds `status`, `blockNumber`, `finalized`, `minted` and the token ids the chain assigned. Past the bound it answers as without it, with `status: "pending"`; nothing is lost, the transaction goes on. */
                wait?: "mined" | "final";
            };
            header?: {
                /** @description 1 to 200 characters, unique per write (a UUID is a good choice). The same request (method, path and body) repeated with the same key within 24 hours is not done again: it gets the first answer, with `Idempotent-Replayed: true`; the same key with another request is a 409 IDEMPOTENCY_CONFLICT. `X-Idempotency-Key` is accepted too. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description JSON. A body sent without a Content-Type, or as text/plain, is read as JSON too. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "chainId": 31337,
                 *       "contractAddress": "0x791A12932340F0A9E84BD5867d9871c9Fa832B81",
                 *       "mints": [
                 *         {
                 *           "recipientAddress": "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
                 *           "tokenId": "1",
                 *           "amount": "2"
                 *         },
                 *         {
                 *           "recipientAddress": "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
                 *           "tokenId": "1",
                 *           "amount": "3"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["BatchMintErc1155Request"];
                "text/plain": components["schemas"]["BatchMintErc1155Request"];
            };
        };
        responses: {
            /** @description Sent (and, with `wait`, mined or final, or still pending when the bound passed) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "transactionHash": "0x23acab576d1348d95ad09246f60141aca562ec0fffe19f591218e2a5843f67b4",
                     *       "transactionUrl": "http://localhost:42069/api/v1/transactions/0x23acab576d1348d95ad09246f60141aca562ec0fffe19f591218e2a5843f67b4",
                     *       "operationId": "ccd8d16a-b826-4a4a-836f-90d1e86c26f0"
                     *     }
                     */
                    "application/json": components["schemas"]["TransactionSent"] & components["schemas"]["WriteOutcome"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Idempotency-Key reused with another body */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The chain would revert the transaction (reason in `error`) */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The chain's RPC is unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listErc1155Tokens: {
        parameters: {
            query: {
                /**
                 * @description Chain id (a JSON integer, or its digits as a string)
                 * @example 31337
                 */
                chainId: number | string;
                /**
                 * @description The token contract (for writes: one the calling project created or imported)
                 * @example 0x791A12932340F0A9E84BD5867d9871c9Fa832B81
                 */
                contractAddress: string;
                /** @description Token ids: a comma list (1,3), a bracketed one ([1,3]), repeated, or tokenIds[] */
                tokenIds?: string | string[];
                /** @description Token ids: a comma list (1,3), a bracketed one ([1,3]), repeated, or tokenIds[] */
                "tokenIds[]"?: string | string[];
                /** @description Only the token types this address holds, each with its balance */
                ownerAddress?: string;
                /** @description 0-based page index; 50 items a page */
                page?: number | string;
                /** @description The page after the one that answered this key as nextPageKey (omit for the first page). Stable while items are added between two reads: no item twice, none of those there at the first read skipped. */
                pageKey?: string;
                /** @description The read answers once the chain's index includes this block (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and the block the index is at). */
                minBlock?: number;
                /** @description The operationId a write of this project answered: the read answers once the chain's index includes that operation's transaction, once mined (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and where the index and the transaction are). */
                afterOperation?: string;
            };
            header?: {
                /** @description As the minBlock query parameter. The read answers once the chain's index includes this block (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and the block the index is at). */
                "X-Min-Block"?: number;
                /** @description As the afterOperation query parameter. The operationId a write of this project answered: the read answers once the chain's index includes that operation's transaction, once mined (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and where the index and the transaction are). */
                "X-After-Operation"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of results (50 a page; nextPage is null on the last) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "tokens": [
                     *         {
                     *           "tokenId": "1",
                     *           "metadata": {
                     *             "name": "Sword",
                     *             "description": "",
                     *             "image": "",
                     *             "attributes": []
                     *           },
                     *           "totalSupply": "15"
                     *         }
                     *       ],
                     *       "page": 0,
                     *       "nextPage": null,
                     *       "nextPageKey": null
                     *     }
                     */
                    "application/json": components["schemas"]["Erc1155Tokens"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the index is still backfilling (progress in `error` and `progress`, Retry-After set) */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listErc1155Owners: {
        parameters: {
            query: {
                /**
                 * @description Chain id (a JSON integer, or its digits as a string)
                 * @example 31337
                 */
                chainId: number | string;
                /**
                 * @description The token contract (for writes: one the calling project created or imported)
                 * @example 0x791A12932340F0A9E84BD5867d9871c9Fa832B81
                 */
                contractAddress: string;
                /** @description Only what this address holds */
                ownerAddress?: string;
                /** @description Token id (uint256, decimal); a JSON integer up to 2^53-1 is accepted too */
                tokenId?: string | number;
                /** @description 0-based page index; 50 items a page */
                page?: number | string;
                /** @description The page after the one that answered this key as nextPageKey (omit for the first page). Stable while items are added between two reads: no item twice, none of those there at the first read skipped. */
                pageKey?: string;
                /** @description The state as the end of this block left it, from the index's history of transfers (metadata is the tokens' current one). A block before the contract's indexed start or after the index's head is a 400; one the chain may still reorganise is answered with finalized: false. */
                atBlock?: number | string;
                /** @description The read answers once the chain's index includes this block (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and the block the index is at). */
                minBlock?: number;
                /** @description The operationId a write of this project answered: the read answers once the chain's index includes that operation's transaction, once mined (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and where the index and the transaction are). */
                afterOperation?: string;
            };
            header?: {
                /** @description As the minBlock query parameter. The read answers once the chain's index includes this block (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and the block the index is at). */
                "X-Min-Block"?: number;
                /** @description As the afterOperation query parameter. The operationId a write of this project answered: the read answers once the chain's index includes that operation's transaction, once mined (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and where the index and the transaction are). */
                "X-After-Operation"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of results (50 a page; nextPage is null on the last) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "owners": [
                     *         {
                     *           "ownerAddress": "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
                     *           "totalBalance": "2",
                     *           "tokens": [
                     *             {
                     *               "tokenId": "1",
                     *               "balance": "2"
                     *             }
                     *           ]
                     *         },
                     *         {
                     *           "ownerAddress": "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
                     *           "totalBalance": "13",
                     *           "tokens": [
                     *             {
                     *               "tokenId": "1",
                     *               "balance": "13"
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "page": 0,
                     *       "nextPage": null,
                     *       "nextPageKey": null
                     *     }
                     */
                    "application/json": components["schemas"]["Erc1155Owners"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the index is still backfilling (progress in `error` and `progress`, Retry-After set) */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTransaction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The transaction's hash
                 * @example 0x001ab08b2607d44018c70033ddaa018fb1aeca118caa8b2aebe8d31de03f90a7
                 */
                hash: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The transaction */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "chainId": 31337,
                     *       "transactionHash": "0x001ab08b2607d44018c70033ddaa018fb1aeca118caa8b2aebe8d31de03f90a7",
                     *       "status": "success",
                     *       "blockNumber": "12",
                     *       "blockHash": "0x4c5e25cde7fb2ba09b1faa58aab667c1632040eeb82701abf87f3708403ae2cc",
                     *       "confirmations": 2,
                     *       "finalized": true,
                     *       "reorgedFrom": null,
                     *       "gasUsed": "77851",
                     *       "fee": "0.000097834818109246",
                     *       "previousHashes": [],
                     *       "purpose": "erc721.mint",
                     *       "failureReason": null,
                     *       "minted": [
                     *         {
                     *           "amount": "1",
                     *           "tokenId": "1",
                     *           "amountRaw": "1",
                     *           "contractAddress": "0x20a7B17d3e7838A53543236881A73Ba689AD90bC",
                     *           "recipientAddress": "0x976EA74026E726554dB657fA54763abd0C3a0aa9"
                     *         }
                     *       ],
                     *       "checkedAt": "2026-12-06T10:47:31.492Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Transaction"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot answer now: it is stopping (SHUTTING_DOWN) or its database is unavailable (DATABASE_UNAVAILABLE); retry after Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOperation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The operationId a write's answer carried
                 * @example 0e9aa23f-63d9-4480-958d-dde66394eae5
                 */
                operationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The operation */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "operationId": "0e9aa23f-63d9-4480-958d-dde66394eae5",
                     *       "chainId": 31337,
                     *       "purpose": "erc721.mint",
                     *       "createdAt": "2026-12-06T10:47:30.687Z",
                     *       "status": "success",
                     *       "transactionHash": "0x001ab08b2607d44018c70033ddaa018fb1aeca118caa8b2aebe8d31de03f90a7",
                     *       "transactionUrl": "http://localhost:42069/api/v1/transactions/0x001ab08b2607d44018c70033ddaa018fb1aeca118caa8b2aebe8d31de03f90a7",
                     *       "minted": [
                     *         {
                     *           "amount": "1",
                     *           "tokenId": "1",
                     *           "amountRaw": "1",
                     *           "contractAddress": "0x20a7B17d3e7838A53543236881A73Ba689AD90bC",
                     *           "recipientAddress": "0x976EA74026E726554dB657fA54763abd0C3a0aa9"
                     *         }
                     *       ],
                     *       "checkedAt": "2026-12-06T10:47:31.492Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Operation"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot answer now: it is stopping (SHUTTING_DOWN) or its database is unavailable (DATABASE_UNAVAILABLE); retry after Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    describeTokenAccount: {
        parameters: {
            query: {
                /**
                 * @description Chain id (a JSON integer, or its digits as a string)
                 * @example 31337
                 */
                tokenChainId: number | string;
                /**
                 * @description EVM address
                 * @example 0x20a7B17d3e7838A53543236881A73Ba689AD90bC
                 */
                tokenContractAddress: string;
                /**
                 * @description Token id (uint256, decimal); a JSON integer up to 2^53-1 is accepted too
                 * @example 1
                 */
                tokenId: string | number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "account": {
                     *         "contractAddress": "0xab5516EFEB132C69a2f47b5bC59F213301d2366B",
                     *         "deployed": false
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erc6551Account"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The chain's RPC did not answer whether the account is deployed */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listNftAccounts: {
        parameters: {
            query?: {
                /**
                 * @description Only this chain's NFTs
                 * @example 31337
                 */
                chainId?: number | string;
                /**
                 * @description The NFTs' owner; without it, every cloud key of the project (needs the keys scope too)
                 * @example 0xa34D66DCba610f557f9B141BDa2b43a6aBCE0a41
                 */
                ownerAddress?: string;
                /** @description 0-based page index; 50 items a page */
                page?: number | string;
                /** @description The page after the one that answered this key as nextPageKey (omit for the first page). Stable while items are added between two reads: no item twice, none of those there at the first read skipped. */
                pageKey?: string;
                /** @description The read answers once the chain's index includes this block (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and the block the index is at). */
                minBlock?: number;
                /** @description The operationId a write of this project answered: the read answers once the chain's index includes that operation's transaction, once mined (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and where the index and the transaction are). */
                afterOperation?: string;
            };
            header?: {
                /** @description As the minBlock query parameter. The read answers once the chain's index includes this block (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and the block the index is at). */
                "X-Min-Block"?: number;
                /** @description As the afterOperation query parameter. The operationId a write of this project answered: the read answers once the chain's index includes that operation's transaction, once mined (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and where the index and the transaction are). */
                "X-After-Operation"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of results (50 a page; nextPage is null on the last) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "accounts": [
                     *         {
                     *           "contractAddress": "0xa697651C01C2909c22214a124aFafA4B37A73c89",
                     *           "deployed": true,
                     *           "ownerAddress": "0xa34D66DCba610f557f9B141BDa2b43a6aBCE0a41",
                     *           "nft": {
                     *             "chainId": 31337,
                     *             "contractAddress": "0x20a7B17d3e7838A53543236881A73Ba689AD90bC",
                     *             "tokenId": "2"
                     *           }
                     *         }
                     *       ],
                     *       "page": 0,
                     *       "nextPage": null,
                     *       "nextPageKey": null
                     *     }
                     */
                    "application/json": components["schemas"]["NftAccounts"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the index is still backfilling (progress in `error` and `progress`, Retry-After set) */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAccountTransactions: {
        parameters: {
            query: {
                /**
                 * @description Chain id (a JSON integer, or its digits as a string)
                 * @example 31337
                 */
                chainId: number | string;
                /**
                 * @description EVM address
                 * @example 0xa697651C01C2909c22214a124aFafA4B37A73c89
                 */
                accountAddress: string;
                /** @description 0-based page index; 50 items a page */
                page?: number | string;
                /** @description The read answers once the chain's index includes this block (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and the block the index is at). */
                minBlock?: number;
                /** @description The operationId a write of this project answered: the read answers once the chain's index includes that operation's transaction, once mined (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and where the index and the transaction are). */
                afterOperation?: string;
            };
            header?: {
                /** @description As the minBlock query parameter. The read answers once the chain's index includes this block (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and the block the index is at). */
                "X-Min-Block"?: number;
                /** @description As the afterOperation query parameter. The operationId a write of this project answered: the read answers once the chain's index includes that operation's transaction, once mined (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and where the index and the transaction are). */
                "X-After-Operation"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of results (50 a page; nextPage is null on the last) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "transactions": [
                     *         {
                     *           "timestamp": 1796554053,
                     *           "status": "success",
                     *           "transactionHash": "0x293bdeb984633617500c7b5f967300c05d6ff5cb431bd2e60a460f7dc53c0345",
                     *           "transactionUrl": "http://localhost:42069/api/v1/transactions/0x293bdeb984633617500c7b5f967300c05d6ff5cb431bd2e60a460f7dc53c0345",
                     *           "gasSpent": "0.000095714450118648",
                     *           "calls": [
                     *             {
                     *               "toAddress": "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
                     *               "value": "0",
                     *               "data": "0x"
                     *             },
                     *             {
                     *               "toAddress": "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
                     *               "value": "0",
                     *               "data": "0x"
                     *             }
                     *           ]
                     *         },
                     *         {
                     *           "timestamp": 1796554053,
                     *           "status": "success",
                     *           "transactionHash": "0xfe080190100a5495ca1e6756aa3d5c82ab9ea5c3e2422b1b7c3fb629d4360bd3",
                     *           "transactionUrl": "http://localhost:42069/api/v1/transactions/0xfe080190100a5495ca1e6756aa3d5c82ab9ea5c3e2422b1b7c3fb629d4360bd3",
                     *           "gasSpent": "0.000086961010915552",
                     *           "calls": [
                     *             {
                     *               "toAddress": "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
                     *               "value": "0",
                     *               "data": "0x"
                     *             }
                     *           ]
                     *         },
                     *         {
                     *           "timestamp": 1796554053,
                     *           "status": "success",
                     *           "transactionHash": "0x3280c8bc9fe75ab7e4f211a2510acdad30e4baa93d197348129187e7b86548bd",
                     *           "transactionUrl": "http://localhost:42069/api/v1/transactions/0x3280c8bc9fe75ab7e4f211a2510acdad30e4baa93d197348129187e7b86548bd",
                     *           "gasSpent": "0.000106474855158876",
                     *           "calls": [
                     *             {
                     *               "toAddress": "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
                     *               "value": "0",
                     *               "data": "0x"
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "page": 0,
                     *       "nextPage": null
                     *     }
                     */
                    "application/json": components["schemas"]["AccountTransactions"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the index is still backfilling (progress in `error` and `progress`, Retry-After set) */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAccountTransactionsAlias: {
        parameters: {
            query: {
                /**
                 * @description Chain id (a JSON integer, or its digits as a string)
                 * @example 31337
                 */
                chainId: number | string;
                /**
                 * @description EVM address
                 * @example 0xa697651C01C2909c22214a124aFafA4B37A73c89
                 */
                accountAddress: string;
                /** @description 0-based page index; 50 items a page */
                page?: number | string;
                /** @description The read answers once the chain's index includes this block (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and the block the index is at). */
                minBlock?: number;
                /** @description The operationId a write of this project answered: the read answers once the chain's index includes that operation's transaction, once mined (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and where the index and the transaction are). */
                afterOperation?: string;
            };
            header?: {
                /** @description As the minBlock query parameter. The read answers once the chain's index includes this block (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and the block the index is at). */
                "X-Min-Block"?: number;
                /** @description As the afterOperation query parameter. The operationId a write of this project answered: the read answers once the chain's index includes that operation's transaction, once mined (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and where the index and the transaction are). */
                "X-After-Operation"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of results (50 a page; nextPage is null on the last) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "transactions": [
                     *         {
                     *           "timestamp": 1796554053,
                     *           "status": "success",
                     *           "transactionHash": "0x293bdeb984633617500c7b5f967300c05d6ff5cb431bd2e60a460f7dc53c0345",
                     *           "transactionUrl": "http://localhost:42069/api/v1/transactions/0x293bdeb984633617500c7b5f967300c05d6ff5cb431bd2e60a460f7dc53c0345",
                     *           "gasSpent": "0.000095714450118648",
                     *           "calls": [
                     *             {
                     *               "toAddress": "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
                     *               "value": "0",
                     *               "data": "0x"
                     *             },
                     *             {
                     *               "toAddress": "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
                     *               "value": "0",
                     *               "data": "0x"
                     *             }
                     *           ]
                     *         },
                     *         {
                     *           "timestamp": 1796554053,
                     *           "status": "success",
                     *           "transactionHash": "0xfe080190100a5495ca1e6756aa3d5c82ab9ea5c3e2422b1b7c3fb629d4360bd3",
                     *           "transactionUrl": "http://localhost:42069/api/v1/transactions/0xfe080190100a5495ca1e6756aa3d5c82ab9ea5c3e2422b1b7c3fb629d4360bd3",
                     *           "gasSpent": "0.000086961010915552",
                     *           "calls": [
                     *             {
                     *               "toAddress": "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
                     *               "value": "0",
                     *               "data": "0x"
                     *             }
                     *           ]
                     *         },
                     *         {
                     *           "timestamp": 1796554053,
                     *           "status": "success",
                     *           "transactionHash": "0x3280c8bc9fe75ab7e4f211a2510acdad30e4baa93d197348129187e7b86548bd",
                     *           "transactionUrl": "http://localhost:42069/api/v1/transactions/0x3280c8bc9fe75ab7e4f211a2510acdad30e4baa93d197348129187e7b86548bd",
                     *           "gasSpent": "0.000106474855158876",
                     *           "calls": [
                     *             {
                     *               "toAddress": "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
                     *               "value": "0",
                     *               "data": "0x"
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "page": 0,
                     *       "nextPage": null
                     *     }
                     */
                    "application/json": components["schemas"]["AccountTransactions"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the index is still backfilling (progress in `error` and `progress`, Retry-After set) */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createNftAccount: {
        parameters: {
            query?: {
                /** @description Answer once the transaction is mined (or final), at most TOKENHUB_WRITE_WAIT_MS (5 s by default): the answer then adds `status`, `blockNumber`, `finalized`, `minted` and the token ids the chain assigned. Past the bound it answers as without it, with `status: "pending"`; nothing is lost, the transaction goes on. */
                wait?: "mined" | "final";
            };
            header?: {
                /** @description 1 to 200 characters, unique per write (a UUID is a good choice). The same request (method, path and body) repeated with the same key within 24 hours is not done again: it gets the first answer, with `Idempotent-Replayed: true`; the same key with another request is a 409 IDEMPOTENCY_CONFLICT. `X-Idempotency-Key` is accepted too. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description JSON. A body sent without a Content-Type, or as text/plain, is read as JSON too. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "nft": {
                 *         "chainId": 31337,
                 *         "contractAddress": "0x20a7B17d3e7838A53543236881A73Ba689AD90bC",
                 *         "tokenId": "2"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CreateNftAccountRequest"];
                "text/plain": components["schemas"]["CreateNftAccountRequest"];
            };
        };
        responses: {
            /** @description Sent (and, with `wait`, mined or final, or still pending when the bound passed) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "transactionHash": "0x5c1c84ea848205447e41d2dfad854784a56b69a3772b732c23385eb607a2ad51",
                     *       "transactionUrl": "http://localhost:42069/api/v1/transactions/0x5c1c84ea848205447e41d2dfad854784a56b69a3772b732c23385eb607a2ad51",
                     *       "operationId": "7337109f-97ea-4b7a-b5db-422fd5bb9378",
                     *       "accountAddress": "0xa697651C01C2909c22214a124aFafA4B37A73c89"
                     *     }
                     */
                    "application/json": components["schemas"]["NftAccountCreated"] & components["schemas"]["WriteOutcome"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Idempotency-Key reused with another body */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The chain would revert the transaction (reason in `error`) */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The chain's RPC is unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    executeAccountCall: {
        parameters: {
            query?: {
                /** @description Answer once the transaction is mined (or final), at most TOKENHUB_WRITE_WAIT_MS (5 s by default): the answer then adds `status`, `blockNumber`, `finalized`, `minted` and the token ids the chain assigned. Past the bound it answers as without it, with `status: "pending"`; nothing is lost, the transaction goes on. */
                wait?: "mined" | "final";
            };
            header?: {
                /** @description 1 to 200 characters, unique per write (a UUID is a good choice). The same request (method, path and body) repeated with the same key within 24 hours is not done again: it gets the first answer, with `Idempotent-Replayed: true`; the same key with another request is a 409 IDEMPOTENCY_CONFLICT. `X-Idempotency-Key` is accepted too. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description JSON. A body sent without a Content-Type, or as text/plain, is read as JSON too. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "accountAddress": "0xa697651C01C2909c22214a124aFafA4B37A73c89",
                 *       "call": {
                 *         "chainId": 31337,
                 *         "toAddress": "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
                 *         "value": "0",
                 *         "data": "0x"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ExecuteAccountCallRequest"];
                "text/plain": components["schemas"]["ExecuteAccountCallRequest"];
            };
        };
        responses: {
            /** @description Sent (and, with `wait`, mined or final, or still pending when the bound passed) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "transactionHash": "0x3280c8bc9fe75ab7e4f211a2510acdad30e4baa93d197348129187e7b86548bd",
                     *       "transactionUrl": "http://localhost:42069/api/v1/transactions/0x3280c8bc9fe75ab7e4f211a2510acdad30e4baa93d197348129187e7b86548bd",
                     *       "operationId": "3259738e-fed5-458a-99e0-89f69c91ac1f"
                     *     }
                     */
                    "application/json": components["schemas"]["TransactionSent"] & components["schemas"]["WriteOutcome"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Idempotency-Key reused with another body */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The chain would revert the transaction (reason in `error`) */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The chain's RPC is unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    executeAccountCallAlias: {
        parameters: {
            query?: {
                /** @description Answer once the transaction is mined (or final), at most TOKENHUB_WRITE_WAIT_MS (5 s by default): the answer then adds `status`, `blockNumber`, `finalized`, `minted` and the token ids the chain assigned. Past the bound it answers as without it, with `status: "pending"`; nothing is lost, the transaction goes on. */
                wait?: "mined" | "final";
            };
            header?: {
                /** @description 1 to 200 characters, unique per write (a UUID is a good choice). The same request (method, path and body) repeated with the same key within 24 hours is not done again: it gets the first answer, with `Idempotent-Replayed: true`; the same key with another request is a 409 IDEMPOTENCY_CONFLICT. `X-Idempotency-Key` is accepted too. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description JSON. A body sent without a Content-Type, or as text/plain, is read as JSON too. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "accountAddress": "0xa697651C01C2909c22214a124aFafA4B37A73c89",
                 *       "call": {
                 *         "chainId": 31337,
                 *         "toAddress": "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
                 *         "value": "0",
                 *         "data": "0x"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ExecuteAccountCallRequest"];
                "text/plain": components["schemas"]["ExecuteAccountCallRequest"];
            };
        };
        responses: {
            /** @description Sent (and, with `wait`, mined or final, or still pending when the bound passed) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "transactionHash": "0xfe080190100a5495ca1e6756aa3d5c82ab9ea5c3e2422b1b7c3fb629d4360bd3",
                     *       "transactionUrl": "http://localhost:42069/api/v1/transactions/0xfe080190100a5495ca1e6756aa3d5c82ab9ea5c3e2422b1b7c3fb629d4360bd3",
                     *       "operationId": "d886bd6c-de9d-4cf3-9af4-15991dd5eddc"
                     *     }
                     */
                    "application/json": components["schemas"]["TransactionSent"] & components["schemas"]["WriteOutcome"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Idempotency-Key reused with another body */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The chain would revert the transaction (reason in `error`) */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The chain's RPC is unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    executeAccountCalls: {
        parameters: {
            query?: {
                /** @description Answer once the transaction is mined (or final), at most TOKENHUB_WRITE_WAIT_MS (5 s by default): the answer then adds `status`, `blockNumber`, `finalized`, `minted` and the token ids the chain assigned. Past the bound it answers as without it, with `status: "pending"`; nothing is lost, the transaction goes on. */
                wait?: "mined" | "final";
            };
            header?: {
                /** @description 1 to 200 characters, unique per write (a UUID is a good choice). The same request (method, path and body) repeated with the same key within 24 hours is not done again: it gets the first answer, with `Idempotent-Replayed: true`; the same key with another request is a 409 IDEMPOTENCY_CONFLICT. `X-Idempotency-Key` is accepted too. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description JSON. A body sent without a Content-Type, or as text/plain, is read as JSON too. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "chainId": 31337,
                 *       "accountAddress": "0xa697651C01C2909c22214a124aFafA4B37A73c89",
                 *       "calls": [
                 *         {
                 *           "toAddress": "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
                 *           "value": "0"
                 *         },
                 *         {
                 *           "toAddress": "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
                 *           "value": "0",
                 *           "data": "0x"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["BatchAccountCallsRequest"];
                "text/plain": components["schemas"]["BatchAccountCallsRequest"];
            };
        };
        responses: {
            /** @description Sent (and, with `wait`, mined or final, or still pending when the bound passed) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "transactionHash": "0x293bdeb984633617500c7b5f967300c05d6ff5cb431bd2e60a460f7dc53c0345",
                     *       "transactionUrl": "http://localhost:42069/api/v1/transactions/0x293bdeb984633617500c7b5f967300c05d6ff5cb431bd2e60a460f7dc53c0345",
                     *       "operationId": "5e43078b-d5ab-4b3e-a376-8f01e4aa028d"
                     *     }
                     */
                    "application/json": components["schemas"]["TransactionSent"] & components["schemas"]["WriteOutcome"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Idempotency-Key reused with another body */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The chain would revert the transaction (reason in `error`) */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The chain's RPC is unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createCloudKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 200 characters, unique per write (a UUID is a good choice). The same request (method, path and body) repeated with the same key within 24 hours is not done again: it gets the first answer, with `Idempotent-Replayed: true`; the same key with another request is a 409 IDEMPOTENCY_CONFLICT. `X-Idempotency-Key` is accepted too. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description JSON. A body sent without a Content-Type, or as text/plain, is read as JSON too. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "customRef": "user-42"
                 *     }
                 */
                "application/json": components["schemas"]["CreateCloudKeyRequest"];
                "text/plain": components["schemas"]["CreateCloudKeyRequest"];
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "keyId": "e030e7f9-c4c8-421e-bb9a-aab37bf849d1",
                     *       "evmAddress": "0xa34D66DCba610f557f9B141BDa2b43a6aBCE0a41",
                     *       "customRef": "user-42"
                     *     }
                     */
                    "application/json": components["schemas"]["CloudKeyCreated"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot answer now: it is stopping (SHUTTING_DOWN) or its database is unavailable (DATABASE_UNAVAILABLE); retry after Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCloudKeys: {
        parameters: {
            query?: {
                /**
                 * @description Your own reference for the key (a user id, say); not unique
                 * @example user-42
                 */
                customRef?: string;
                /** @description 0-based page index; 50 items a page */
                page?: number | string;
                /** @description The page after the one that answered this key as nextPageKey (omit for the first page). Stable while items are added between two reads: no item twice, none of those there at the first read skipped. */
                pageKey?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of keys (50 a page; nextPage is null on the last) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "keys": [
                     *         {
                     *           "keyId": "e030e7f9-c4c8-421e-bb9a-aab37bf849d1",
                     *           "evmAddress": "0xa34D66DCba610f557f9B141BDa2b43a6aBCE0a41",
                     *           "customRef": "user-42"
                     *         }
                     *       ],
                     *       "page": 0,
                     *       "nextPage": null,
                     *       "nextPageKey": null
                     *     }
                     */
                    "application/json": components["schemas"]["CloudKeys"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot answer now: it is stopping (SHUTTING_DOWN) or its database is unavailable (DATABASE_UNAVAILABLE); retry after Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    signMessageWithCloudKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 200 characters, unique per write (a UUID is a good choice). The same request (method, path and body) repeated with the same key within 24 hours is not done again: it gets the first answer, with `Idempotent-Replayed: true`; the same key with another request is a 409 IDEMPOTENCY_CONFLICT. `X-Idempotency-Key` is accepted too. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description JSON. A body sent without a Content-Type, or as text/plain, is read as JSON too. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "accountAddress": "0xa34D66DCba610f557f9B141BDa2b43a6aBCE0a41",
                 *       "message": "hello"
                 *     }
                 */
                "application/json": components["schemas"]["SignMessageRequest"];
                "text/plain": components["schemas"]["SignMessageRequest"];
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "signature": "0xb22cc3844152d3c727ad269a1772a87a49ade326139a101f8f3b620f72c714125202dc8c710770c2f1ef7df64ba6c444d97a66ce42725182b57781a5b267888d1c",
                     *       "message": "hello"
                     *     }
                     */
                    "application/json": components["schemas"]["MessageSignature"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot answer now: it is stopping (SHUTTING_DOWN) or its database is unavailable (DATABASE_UNAVAILABLE); retry after Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    signTypedDataWithCloudKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 200 characters, unique per write (a UUID is a good choice). The same request (method, path and body) repeated with the same key within 24 hours is not done again: it gets the first answer, with `Idempotent-Replayed: true`; the same key with another request is a 409 IDEMPOTENCY_CONFLICT. `X-Idempotency-Key` is accepted too. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description JSON. A body sent without a Content-Type, or as text/plain, is read as JSON too. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "accountAddress": "0xa34D66DCba610f557f9B141BDa2b43a6aBCE0a41",
                 *       "domain": {
                 *         "name": "Club",
                 *         "version": "1",
                 *         "chainId": 31337
                 *       },
                 *       "types": {
                 *         "Greeting": [
                 *           {
                 *             "name": "text",
                 *             "type": "string"
                 *           }
                 *         ]
                 *       },
                 *       "primaryType": "Greeting",
                 *       "message": {
                 *         "text": "hello"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["SignTypedDataRequest"];
                "text/plain": components["schemas"]["SignTypedDataRequest"];
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "signature": "0x904223fea81c7fcbd644668a930af076bb195f153f0710007ed972d1d22e8ba4541628f8816038d9cd718cb5aed924136ece882d791015fe3250c4cdbf1929de1c"
                     *     }
                     */
                    "application/json": components["schemas"]["TypedDataSignature"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot answer now: it is stopping (SHUTTING_DOWN) or its database is unavailable (DATABASE_UNAVAILABLE); retry after Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listHolders: {
        parameters: {
            query?: {
                /**
                 * @description Contract addresses: a comma list (0xA,0xB), a bracketed one ([0xA,0xB]), repeated, or contractAddresses[]
                 * @example 0xDB41Ac6605fb876049e1dB20B2E7cbf8c56a06B5,0x791A12932340F0A9E84BD5867d9871c9Fa832B81
                 */
                contractAddresses?: string | string[];
                /** @description Contract addresses: a comma list (0xA,0xB), a bracketed one ([0xA,0xB]), repeated, or contractAddresses[] */
                "contractAddresses[]"?: string | string[];
                /**
                 * @description Chain id (a JSON integer, or its digits as a string)
                 * @example 31337
                 */
                chainId?: number | string;
                /** @description The state as the end of this block left it, from the index's history of transfers (metadata is the tokens' current one). A block before the contract's indexed start or after the index's head is a 400; one the chain may still reorganise is answered with finalized: false. */
                atBlock?: number | string;
                /** @description The read answers once the chain's index includes this block (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and the block the index is at). */
                minBlock?: number;
                /** @description The operationId a write of this project answered: the read answers once the chain's index includes that operation's transaction, once mined (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and where the index and the transaction are). */
                afterOperation?: string;
            };
            header?: {
                /** @description As the minBlock query parameter. The read answers once the chain's index includes this block (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and the block the index is at). */
                "X-Min-Block"?: number;
                /** @description As the afterOperation query parameter. The operationId a write of this project answered: the read answers once the chain's index includes that operation's transaction, once mined (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and where the index and the transaction are). */
                "X-After-Operation"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Holders by address */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "holders": [
                     *         {
                     *           "holderAddress": "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
                     *           "collections": [
                     *             {
                     *               "type": "erc1155",
                     *               "contractAddress": "0x791A12932340F0A9E84BD5867d9871c9Fa832B81",
                     *               "chainId": 31337,
                     *               "name": "Items",
                     *               "symbol": "ITM",
                     *               "ownerSince": 1796554051,
                     *               "balance": "2",
                     *               "nfts": [
                     *                 {
                     *                   "ownerSince": 1796554051,
                     *                   "tokenId": "1",
                     *                   "name": "Sword",
                     *                   "description": "",
                     *                   "mediaUrl": "",
                     *                   "externalUrl": "",
                     *                   "traits": []
                     *                 }
                     *               ]
                     *             }
                     *           ]
                     *         },
                     *         {
                     *           "holderAddress": "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
                     *           "collections": [
                     *             {
                     *               "type": "erc20",
                     *               "contractAddress": "0xDB41Ac6605fb876049e1dB20B2E7cbf8c56a06B5",
                     *               "chainId": 31337,
                     *               "name": "Gold",
                     *               "symbol": "GLD",
                     *               "ownerSince": 1796554049,
                     *               "balance": "12.5",
                     *               "nfts": []
                     *             },
                     *             {
                     *               "type": "erc1155",
                     *               "contractAddress": "0x791A12932340F0A9E84BD5867d9871c9Fa832B81",
                     *               "chainId": 31337,
                     *               "name": "Items",
                     *               "symbol": "ITM",
                     *               "ownerSince": 1796554051,
                     *               "balance": "13",
                     *               "nfts": [
                     *                 {
                     *                   "ownerSince": 1796554051,
                     *                   "tokenId": "1",
                     *                   "name": "Sword",
                     *                   "description": "",
                     *                   "mediaUrl": "",
                     *                   "externalUrl": "",
                     *                   "traits": []
                     *                 }
                     *               ]
                     *             }
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Holders"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the index is still backfilling (progress in `error` and `progress`, Retry-After set) */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listHoldersByPost: {
        parameters: {
            query?: {
                /**
                 * @description Contract addresses: a comma list (0xA,0xB), a bracketed one ([0xA,0xB]), repeated, or contractAddresses[]
                 * @example 0xDB41Ac6605fb876049e1dB20B2E7cbf8c56a06B5,0x791A12932340F0A9E84BD5867d9871c9Fa832B81
                 */
                contractAddresses?: string | string[];
                /** @description Contract addresses: a comma list (0xA,0xB), a bracketed one ([0xA,0xB]), repeated, or contractAddresses[] */
                "contractAddresses[]"?: string | string[];
                /**
                 * @description Chain id (a JSON integer, or its digits as a string)
                 * @example 31337
                 */
                chainId?: number | string;
                /** @description The state as the end of this block left it, from the index's history of transfers (metadata is the tokens' current one). A block before the contract's indexed start or after the index's head is a 400; one the chain may still reorganise is answered with finalized: false. */
                atBlock?: number | string;
                /** @description The read answers once the chain's index includes this block (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and the block the index is at). */
                minBlock?: number;
                /** @description The operationId a write of this project answered: the read answers once the chain's index includes that operation's transaction, once mined (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and where the index and the transaction are). */
                afterOperation?: string;
            };
            header?: {
                /** @description As the minBlock query parameter. The read answers once the chain's index includes this block (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and the block the index is at). */
                "X-Min-Block"?: number;
                /** @description As the afterOperation query parameter. The operationId a write of this project answered: the read answers once the chain's index includes that operation's transaction, once mined (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and where the index and the transaction are). */
                "X-After-Operation"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description Optional: the parameters as JSON (sent without a Content-Type, or as text/plain, it is read as JSON too); an empty body is fine. */
        requestBody?: {
            content: {
                "application/json": components["schemas"]["HoldersRequest"];
                "text/plain": components["schemas"]["HoldersRequest"];
            };
        };
        responses: {
            /** @description Holders by address */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "holders": [
                     *         {
                     *           "holderAddress": "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
                     *           "collections": [
                     *             {
                     *               "type": "erc1155",
                     *               "contractAddress": "0x791A12932340F0A9E84BD5867d9871c9Fa832B81",
                     *               "chainId": 31337,
                     *               "name": "Items",
                     *               "symbol": "ITM",
                     *               "ownerSince": 1796554051,
                     *               "balance": "2",
                     *               "nfts": [
                     *                 {
                     *                   "ownerSince": 1796554051,
                     *                   "tokenId": "1",
                     *                   "name": "Sword",
                     *                   "description": "",
                     *                   "mediaUrl": "",
                     *                   "externalUrl": "",
                     *                   "traits": []
                     *                 }
                     *               ]
                     *             }
                     *           ]
                     *         },
                     *         {
                     *           "holderAddress": "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
                     *           "collections": [
                     *             {
                     *               "type": "erc20",
                     *               "contractAddress": "0xDB41Ac6605fb876049e1dB20B2E7cbf8c56a06B5",
                     *               "chainId": 31337,
                     *               "name": "Gold",
                     *               "symbol": "GLD",
                     *               "ownerSince": 1796554049,
                     *               "balance": "12.5",
                     *               "nfts": []
                     *             },
                     *             {
                     *               "type": "erc1155",
                     *               "contractAddress": "0x791A12932340F0A9E84BD5867d9871c9Fa832B81",
                     *               "chainId": 31337,
                     *               "name": "Items",
                     *               "symbol": "ITM",
                     *               "ownerSince": 1796554051,
                     *               "balance": "13",
                     *               "nfts": [
                     *                 {
                     *                   "ownerSince": 1796554051,
                     *                   "tokenId": "1",
                     *                   "name": "Sword",
                     *                   "description": "",
                     *                   "mediaUrl": "",
                     *                   "externalUrl": "",
                     *                   "traits": []
                     *                 }
                     *               ]
                     *             }
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Holders"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the index is still backfilling (progress in `error` and `progress`, Retry-After set) */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listHoldersV1: {
        parameters: {
            query?: {
                /**
                 * @description Contract addresses: a comma list (0xA,0xB), a bracketed one ([0xA,0xB]), repeated, or contractAddresses[]
                 * @example 0xDB41Ac6605fb876049e1dB20B2E7cbf8c56a06B5,0x791A12932340F0A9E84BD5867d9871c9Fa832B81
                 */
                contractAddresses?: string | string[];
                /** @description Contract addresses: a comma list (0xA,0xB), a bracketed one ([0xA,0xB]), repeated, or contractAddresses[] */
                "contractAddresses[]"?: string | string[];
                /**
                 * @description Chain id (a JSON integer, or its digits as a string)
                 * @example 31337
                 */
                chainId?: number | string;
                /** @description The state as the end of this block left it, from the index's history of transfers (metadata is the tokens' current one). A block before the contract's indexed start or after the index's head is a 400; one the chain may still reorganise is answered with finalized: false. */
                atBlock?: number | string;
                /** @description The read answers once the chain's index includes this block (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and the block the index is at). */
                minBlock?: number;
                /** @description The operationId a write of this project answered: the read answers once the chain's index includes that operation's transaction, once mined (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and where the index and the transaction are). */
                afterOperation?: string;
            };
            header?: {
                /** @description As the minBlock query parameter. The read answers once the chain's index includes this block (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and the block the index is at). */
                "X-Min-Block"?: number;
                /** @description As the afterOperation query parameter. The operationId a write of this project answered: the read answers once the chain's index includes that operation's transaction, once mined (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and where the index and the transaction are). */
                "X-After-Operation"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Holders by address */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "holders": [
                     *         {
                     *           "holderAddress": "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
                     *           "collections": [
                     *             {
                     *               "type": "erc1155",
                     *               "contractAddress": "0x791A12932340F0A9E84BD5867d9871c9Fa832B81",
                     *               "chainId": 31337,
                     *               "name": "Items",
                     *               "symbol": "ITM",
                     *               "ownerSince": 1796554051,
                     *               "balance": "2",
                     *               "nfts": [
                     *                 {
                     *                   "ownerSince": 1796554051,
                     *                   "tokenId": "1",
                     *                   "name": "Sword",
                     *                   "description": "",
                     *                   "mediaUrl": "",
                     *                   "externalUrl": "",
                     *                   "traits": []
                     *                 }
                     *               ]
                     *             }
                     *           ]
                     *         },
                     *         {
                     *           "holderAddress": "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
                     *           "collections": [
                     *             {
                     *               "type": "erc20",
                     *               "contractAddress": "0xDB41Ac6605fb876049e1dB20B2E7cbf8c56a06B5",
                     *               "chainId": 31337,
                     *               "name": "Gold",
                     *               "symbol": "GLD",
                     *               "ownerSince": 1796554049,
                     *               "balance": "12.5",
                     *               "nfts": []
                     *             },
                     *             {
                     *               "type": "erc1155",
                     *               "contractAddress": "0x791A12932340F0A9E84BD5867d9871c9Fa832B81",
                     *               "chainId": 31337,
                     *               "name": "Items",
                     *               "symbol": "ITM",
                     *               "ownerSince": 1796554051,
                     *               "balance": "13",
                     *               "nfts": [
                     *                 {
                     *                   "ownerSince": 1796554051,
                     *                   "tokenId": "1",
                     *                   "name": "Sword",
                     *                   "description": "",
                     *                   "mediaUrl": "",
                     *                   "externalUrl": "",
                     *                   "traits": []
                     *                 }
                     *               ]
                     *             }
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Holders"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the index is still backfilling (progress in `error` and `progress`, Retry-After set) */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listHoldersV1ByPost: {
        parameters: {
            query?: {
                /**
                 * @description Contract addresses: a comma list (0xA,0xB), a bracketed one ([0xA,0xB]), repeated, or contractAddresses[]
                 * @example 0xDB41Ac6605fb876049e1dB20B2E7cbf8c56a06B5,0x791A12932340F0A9E84BD5867d9871c9Fa832B81
                 */
                contractAddresses?: string | string[];
                /** @description Contract addresses: a comma list (0xA,0xB), a bracketed one ([0xA,0xB]), repeated, or contractAddresses[] */
                "contractAddresses[]"?: string | string[];
                /**
                 * @description Chain id (a JSON integer, or its digits as a string)
                 * @example 31337
                 */
                chainId?: number | string;
                /** @description The state as the end of this block left it, from the index's history of transfers (metadata is the tokens' current one). A block before the contract's indexed start or after the index's head is a 400; one the chain may still reorganise is answered with finalized: false. */
                atBlock?: number | string;
                /** @description The read answers once the chain's index includes this block (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and the block the index is at). */
                minBlock?: number;
                /** @description The operationId a write of this project answered: the read answers once the chain's index includes that operation's transaction, once mined (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and where the index and the transaction are). */
                afterOperation?: string;
            };
            header?: {
                /** @description As the minBlock query parameter. The read answers once the chain's index includes this block (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and the block the index is at). */
                "X-Min-Block"?: number;
                /** @description As the afterOperation query parameter. The operationId a write of this project answered: the read answers once the chain's index includes that operation's transaction, once mined (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and where the index and the transaction are). */
                "X-After-Operation"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description Optional: the parameters as JSON (sent without a Content-Type, or as text/plain, it is read as JSON too); an empty body is fine. */
        requestBody?: {
            content: {
                "application/json": components["schemas"]["HoldersRequest"];
                "text/plain": components["schemas"]["HoldersRequest"];
            };
        };
        responses: {
            /** @description Holders by address */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "holders": [
                     *         {
                     *           "holderAddress": "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
                     *           "collections": [
                     *             {
                     *               "type": "erc1155",
                     *               "contractAddress": "0x791A12932340F0A9E84BD5867d9871c9Fa832B81",
                     *               "chainId": 31337,
                     *               "name": "Items",
                     *               "symbol": "ITM",
                     *               "ownerSince": 1796554051,
                     *               "balance": "2",
                     *               "nfts": [
                     *                 {
                     *                   "ownerSince": 1796554051,
                     *                   "tokenId": "1",
                     *                   "name": "Sword",
                     *                   "description": "",
                     *                   "mediaUrl": "",
                     *                   "externalUrl": "",
                     *                   "traits": []
                     *                 }
                     *               ]
                     *             }
                     *           ]
                     *         },
                     *         {
                     *           "holderAddress": "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
                     *           "collections": [
                     *             {
                     *               "type": "erc20",
                     *               "contractAddress": "0xDB41Ac6605fb876049e1dB20B2E7cbf8c56a06B5",
                     *               "chainId": 31337,
                     *               "name": "Gold",
                     *               "symbol": "GLD",
                     *               "ownerSince": 1796554049,
                     *               "balance": "12.5",
                     *               "nfts": []
                     *             },
                     *             {
                     *               "type": "erc1155",
                     *               "contractAddress": "0x791A12932340F0A9E84BD5867d9871c9Fa832B81",
                     *               "chainId": 31337,
                     *               "name": "Items",
                     *               "symbol": "ITM",
                     *               "ownerSince": 1796554051,
                     *               "balance": "13",
                     *               "nfts": [
                     *                 {
                     *                   "ownerSince": 1796554051,
                     *                   "tokenId": "1",
                     *                   "name": "Sword",
                     *                   "description": "",
                     *                   "mediaUrl": "",
                     *                   "externalUrl": "",
                     *                   "traits": []
                     *                 }
                     *               ]
                     *             }
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Holders"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the index is still backfilling (progress in `error` and `progress`, Retry-After set) */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTokensOfOwner: {
        parameters: {
            query: {
                /**
                 * @description Chain id (a JSON integer, or its digits as a string)
                 * @example 31337
                 */
                chainId: number | string;
                /**
                 * @description The address whose holdings are listed
                 * @example 0x976EA74026E726554dB657fA54763abd0C3a0aa9
                 */
                ownerAddress: string;
                /** @description The page after the one that answered this key as nextPageKey (omit for the first page). Stable while items are added between two reads: no item twice, none of those there at the first read skipped. */
                pageKey?: string;
                /** @description The read answers once the chain's index includes this block (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and the block the index is at). */
                minBlock?: number;
                /** @description The operationId a write of this project answered: the read answers once the chain's index includes that operation's transaction, once mined (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and where the index and the transaction are). */
                afterOperation?: string;
            };
            header?: {
                /** @description As the minBlock query parameter. The read answers once the chain's index includes this block (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and the block the index is at). */
                "X-Min-Block"?: number;
                /** @description As the afterOperation query parameter. The operationId a write of this project answered: the read answers once the chain's index includes that operation's transaction, once mined (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and where the index and the transaction are). */
                "X-After-Operation"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of results (50 a page; nextPage is null on the last) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "tokens": [
                     *         {
                     *           "contractAddress": "0x20a7B17d3e7838A53543236881A73Ba689AD90bC",
                     *           "tokenType": "erc721",
                     *           "name": "Club",
                     *           "symbol": "CLB",
                     *           "tokenId": "1",
                     *           "balance": "1",
                     *           "balanceRaw": "1",
                     *           "ownerSince": 1796554050,
                     *           "metadata": {
                     *             "name": "Club #1",
                     *             "description": "Members of the club",
                     *             "image": "http://localhost:42069/media/bc09c2590d2502c8ffaf1a3c09aa89df222e03d186a8daa0c7fce6321fb6e928.png",
                     *             "attributes": [
                     *               {
                     *                 "trait_type": "level",
                     *                 "value": "gold"
                     *               }
                     *             ]
                     *           },
                     *           "tbaAddress": "0xab5516EFEB132C69a2f47b5bC59F213301d2366B"
                     *         },
                     *         {
                     *           "contractAddress": "0x791A12932340F0A9E84BD5867d9871c9Fa832B81",
                     *           "tokenType": "erc1155",
                     *           "name": "Items",
                     *           "symbol": "ITM",
                     *           "tokenId": "1",
                     *           "balance": "13",
                     *           "balanceRaw": "13",
                     *           "ownerSince": 1796554051,
                     *           "metadata": {
                     *             "name": "Sword",
                     *             "description": "",
                     *             "image": "",
                     *             "attributes": []
                     *           },
                     *           "tbaAddress": null
                     *         },
                     *         {
                     *           "contractAddress": "0xDB41Ac6605fb876049e1dB20B2E7cbf8c56a06B5",
                     *           "tokenType": "erc20",
                     *           "name": "Gold",
                     *           "symbol": "GLD",
                     *           "tokenId": null,
                     *           "balance": "12.5",
                     *           "balanceRaw": "12500000000000000000",
                     *           "ownerSince": 1796554049,
                     *           "metadata": null,
                     *           "tbaAddress": null
                     *         }
                     *       ],
                     *       "nextPageKey": null
                     *     }
                     */
                    "application/json": components["schemas"]["WalletTokens"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the index is still backfilling (progress in `error` and `progress`, Retry-After set) */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTransfers: {
        parameters: {
            query: {
                /**
                 * @description Chain id (a JSON integer, or its digits as a string)
                 * @example 31337
                 */
                chainId: number | string;
                /**
                 * @description The token contract (for writes: one the calling project created or imported)
                 * @example 0x791A12932340F0A9E84BD5867d9871c9Fa832B81
                 */
                contractAddress: string;
                /** @description Only the transfers of this token (ERC-721 and ERC-1155) */
                tokenId?: string | number;
                /**
                 * @description Only the transfers from or to this address
                 * @example 0x976EA74026E726554dB657fA54763abd0C3a0aa9
                 */
                address?: string;
                /** @description Only the transfers of this block and later */
                fromBlock?: number | string;
                /** @description Only the transfers of this block and earlier */
                toBlock?: number | string;
                /** @description The page after the one that answered this key as nextPageKey (omit for the first page). Stable while items are added between two reads: no item twice, none of those there at the first read skipped. */
                pageKey?: string;
                /** @description The read answers once the chain's index includes this block (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and the block the index is at). */
                minBlock?: number;
                /** @description The operationId a write of this project answered: the read answers once the chain's index includes that operation's transaction, once mined (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and where the index and the transaction are). */
                afterOperation?: string;
            };
            header?: {
                /** @description As the minBlock query parameter. The read answers once the chain's index includes this block (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and the block the index is at). */
                "X-Min-Block"?: number;
                /** @description As the afterOperation query parameter. The operationId a write of this project answered: the read answers once the chain's index includes that operation's transaction, once mined (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and where the index and the transaction are). */
                "X-After-Operation"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of results (50 a page; nextPage is null on the last) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "transfers": [
                     *         {
                     *           "standard": "erc1155",
                     *           "contractAddress": "0x791A12932340F0A9E84BD5867d9871c9Fa832B81",
                     *           "from": "0x0000000000000000000000000000000000000000",
                     *           "to": "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
                     *           "tokenId": "1",
                     *           "amount": "3",
                     *           "amountRaw": "3",
                     *           "blockNumber": "15",
                     *           "timestamp": 1796554051,
                     *           "transactionHash": "0x23acab576d1348d95ad09246f60141aca562ec0fffe19f591218e2a5843f67b4",
                     *           "logIndex": 1
                     *         },
                     *         {
                     *           "standard": "erc1155",
                     *           "contractAddress": "0x791A12932340F0A9E84BD5867d9871c9Fa832B81",
                     *           "from": "0x0000000000000000000000000000000000000000",
                     *           "to": "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
                     *           "tokenId": "1",
                     *           "amount": "10",
                     *           "amountRaw": "10",
                     *           "blockNumber": "14",
                     *           "timestamp": 1796554051,
                     *           "transactionHash": "0x7eac8c04b90ba963b02e3340541384cbd650de6ba2c5565abb749112bfa9771f",
                     *           "logIndex": 0
                     *         }
                     *       ],
                     *       "nextPageKey": null
                     *     }
                     */
                    "application/json": components["schemas"]["Transfers"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the index is still backfilling (progress in `error` and `progress`, Retry-After set) */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPublicTokenMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Chain id (a JSON integer, or its digits as a string)
                 * @example 31337
                 */
                chainId: number | string;
                /**
                 * @description The token contract (for writes: one the calling project created or imported)
                 * @example 0x20a7B17d3e7838A53543236881A73Ba689AD90bC
                 */
                contractAddress: string;
                /**
                 * @description Token id (uint256, decimal); a JSON integer up to 2^53-1 is accepted too
                 * @example 1
                 */
                tokenId: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Token metadata */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "name": "Club #1",
                     *       "description": "Members of the club",
                     *       "image": "http://localhost:42069/media/bc09c2590d2502c8ffaf1a3c09aa89df222e03d186a8daa0c7fce6321fb6e928.png",
                     *       "attributes": [
                     *         {
                     *           "trait_type": "level",
                     *           "value": "gold"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Metadata"];
                };
            };
            /** @description Not modified (If-None-Match) */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the index is still backfilling (progress in `error` and `progress`, Retry-After set) */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPublicContractMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Chain id (a JSON integer, or its digits as a string)
                 * @example 31337
                 */
                chainId: number | string;
                /**
                 * @description The token contract (for writes: one the calling project created or imported)
                 * @example 0x20a7B17d3e7838A53543236881A73Ba689AD90bC
                 */
                contractAddress: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Contract metadata */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "name": "Club",
                     *       "description": "Members of the club",
                     *       "image": "http://localhost:42069/media/bc09c2590d2502c8ffaf1a3c09aa89df222e03d186a8daa0c7fce6321fb6e928.png"
                     *     }
                     */
                    "application/json": components["schemas"]["ContractMetadata"];
                };
            };
            /** @description Not modified (If-None-Match) */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the index is still backfilling (progress in `error` and `progress`, Retry-After set) */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTokenMetadata: {
        parameters: {
            query: {
                /**
                 * @description Chain id (a JSON integer, or its digits as a string)
                 * @example 31337
                 */
                chainId: number | string;
                /**
                 * @description The token contract (for writes: one the calling project created or imported)
                 * @example 0x20a7B17d3e7838A53543236881A73Ba689AD90bC
                 */
                contractAddress: string;
                /**
                 * @description Token id (uint256, decimal); a JSON integer up to 2^53-1 is accepted too
                 * @example 1
                 */
                tokenId: string | number;
                /** @description The read answers once the chain's index includes this block (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and the block the index is at). */
                minBlock?: number;
                /** @description The operationId a write of this project answered: the read answers once the chain's index includes that operation's transaction, once mined (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and where the index and the transaction are). */
                afterOperation?: string;
            };
            header?: {
                /** @description As the minBlock query parameter. The read answers once the chain's index includes this block (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and the block the index is at). */
                "X-Min-Block"?: number;
                /** @description As the afterOperation query parameter. The operationId a write of this project answered: the read answers once the chain's index includes that operation's transaction, once mined (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and where the index and the transaction are). */
                "X-After-Operation"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Metadata */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "name": "Club #1",
                     *       "description": "Members of the club",
                     *       "image": "http://localhost:42069/media/bc09c2590d2502c8ffaf1a3c09aa89df222e03d186a8daa0c7fce6321fb6e928.png",
                     *       "attributes": [
                     *         {
                     *           "trait_type": "level",
                     *           "value": "gold"
                     *         }
                     *       ],
                     *       "metadata": {
                     *         "name": "Club #1",
                     *         "description": "Members of the club",
                     *         "image": "http://localhost:42069/media/bc09c2590d2502c8ffaf1a3c09aa89df222e03d186a8daa0c7fce6321fb6e928.png",
                     *         "attributes": [
                     *           {
                     *             "trait_type": "level",
                     *             "value": "gold"
                     *           }
                     *         ]
                     *       },
                     *       "metadataStatus": {
                     *         "source": "tokenhub"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["TokenMetadata"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the index is still backfilling (progress in `error` and `progress`, Retry-After set) */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setCollectionMetadata: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 200 characters, unique per write (a UUID is a good choice). The same request (method, path and body) repeated with the same key within 24 hours is not done again: it gets the first answer, with `Idempotent-Replayed: true`; the same key with another request is a 409 IDEMPOTENCY_CONFLICT. `X-Idempotency-Key` is accepted too. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description JSON. A body sent without a Content-Type, or as text/plain, is read as JSON too. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "chainId": 31337,
                 *       "contractAddress": "0x20a7B17d3e7838A53543236881A73Ba689AD90bC",
                 *       "metadata": {
                 *         "description": "Members of the club since 2024"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CollectionMetadataRequest"];
                "text/plain": components["schemas"]["CollectionMetadataRequest"];
            };
        };
        responses: {
            /** @description Sent */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "transactionHash": "0x741d8369f6ca82e9fa54342ac4de26d11259a228ec022b817a76080420b096cb",
                     *       "transactionUrl": "http://localhost:42069/api/v1/transactions/0x741d8369f6ca82e9fa54342ac4de26d11259a228ec022b817a76080420b096cb",
                     *       "operationId": "39380d54-2d45-463b-b286-454172eb027b"
                     *     }
                     */
                    "application/json": components["schemas"]["MetadataWritten"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Idempotency-Key reused with another body */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The chain would revert the transaction (reason in `error`) */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The chain's RPC is unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setTokenMetadata: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 200 characters, unique per write (a UUID is a good choice). The same request (method, path and body) repeated with the same key within 24 hours is not done again: it gets the first answer, with `Idempotent-Replayed: true`; the same key with another request is a 409 IDEMPOTENCY_CONFLICT. `X-Idempotency-Key` is accepted too. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description JSON. A body sent without a Content-Type, or as text/plain, is read as JSON too. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "chainId": 31337,
                 *       "contractAddress": "0x20a7B17d3e7838A53543236881A73Ba689AD90bC",
                 *       "tokenId": "1",
                 *       "metadata": {
                 *         "name": "Club #1 (founder)"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["TokenMetadataRequest"];
                "text/plain": components["schemas"]["TokenMetadataRequest"];
            };
        };
        responses: {
            /** @description Sent */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true
                     *     }
                     */
                    "application/json": components["schemas"]["MetadataWritten"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Idempotency-Key reused with another body */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The chain would revert the transaction (reason in `error`) */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The chain's RPC is unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    refreshMetadata: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 200 characters, unique per write (a UUID is a good choice). The same request (method, path and body) repeated with the same key within 24 hours is not done again: it gets the first answer, with `Idempotent-Replayed: true`; the same key with another request is a 409 IDEMPOTENCY_CONFLICT. `X-Idempotency-Key` is accepted too. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description JSON. A body sent without a Content-Type, or as text/plain, is read as JSON too. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "chainId": 31337,
                 *       "contractAddress": "0x20a7B17d3e7838A53543236881A73Ba689AD90bC",
                 *       "tokenId": "1"
                 *     }
                 */
                "application/json": components["schemas"]["RefreshMetadataRequest"];
                "text/plain": components["schemas"]["RefreshMetadataRequest"];
            };
        };
        responses: {
            /** @description Sent */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "transactionHash": "0xe018258fc8280d41dc84693a73ffca78d2811ffdfa93dac77257814ee78cf159",
                     *       "transactionUrl": "http://localhost:42069/api/v1/transactions/0xe018258fc8280d41dc84693a73ffca78d2811ffdfa93dac77257814ee78cf159",
                     *       "operationId": "252f3d9c-faae-4bb2-b7ff-20f8ff8b78b8"
                     *     }
                     */
                    "application/json": components["schemas"]["TransactionSent"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Idempotency-Key reused with another body */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The chain would revert the transaction (reason in `error`) */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The chain's RPC is unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    issueErc20Permit: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 200 characters, unique per write (a UUID is a good choice). The same request (method, path and body) repeated with the same key within 24 hours is not done again: it gets the first answer, with `Idempotent-Replayed: true`; the same key with another request is a 409 IDEMPOTENCY_CONFLICT. `X-Idempotency-Key` is accepted too. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description JSON. A body sent without a Content-Type, or as text/plain, is read as JSON too. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "chainId": 31337,
                 *       "contractAddress": "0xDB41Ac6605fb876049e1dB20B2E7cbf8c56a06B5",
                 *       "recipientAddress": "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
                 *       "amount": "5",
                 *       "expiration": "2030-01-31T12:00:00Z"
                 *     }
                 */
                "application/json": components["schemas"]["Erc20PermitRequest"];
                "text/plain": components["schemas"]["Erc20PermitRequest"];
            };
        };
        responses: {
            /** @description Sent */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "permitId": "ece11a3c-8e61-49eb-9377-f789c9ee4c68",
                     *       "signature": "0xf865aaec9535309843bcfdcb8d076be9431b59e802dd4ea92f3798ff39f7be2124f75594121416f1690665bcf8571e91b51e535cddbae0f9017bf292eb6e17e31c",
                     *       "preparedCall": {
                     *         "to": "0xDB41Ac6605fb876049e1dB20B2E7cbf8c56a06B5",
                     *         "value": "0",
                     *         "data": "0xe67689a700000000000000000000000014dc79964da2c08b23698b3d3cc7ca32193d99550000000000000000000000000000000000000000000000004563918244f4000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000071040e4000000000000000000000000000000000000000000000000000000000000000a00000000000000000000000000000000000000000000000000000000000000041f865aaec9535309843bcfdcb8d076be9431b59e802dd4ea92f3798ff39f7be2124f75594121416f1690665bcf8571e91b51e535cddbae0f9017bf292eb6e17e31c00000000000000000000000000000000000000000000000000000000000000"
                     *       },
                     *       "operationId": "18b0c81a-7d9d-48f1-abe3-6a6236dee63f"
                     *     }
                     */
                    "application/json": components["schemas"]["PermitIssued"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Idempotency-Key reused with another body */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The chain would revert the transaction (reason in `error`) */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The chain's RPC is unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    issueErc721Permit: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 200 characters, unique per write (a UUID is a good choice). The same request (method, path and body) repeated with the same key within 24 hours is not done again: it gets the first answer, with `Idempotent-Replayed: true`; the same key with another request is a 409 IDEMPOTENCY_CONFLICT. `X-Idempotency-Key` is accepted too. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description JSON. A body sent without a Content-Type, or as text/plain, is read as JSON too. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "chainId": 31337,
                 *       "contractAddress": "0x20a7B17d3e7838A53543236881A73Ba689AD90bC",
                 *       "recipientAddress": "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
                 *       "expiration": "2030-01-31T12:00:00Z",
                 *       "metadata": {
                 *         "name": "Club #3"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Erc721PermitRequest"];
                "text/plain": components["schemas"]["Erc721PermitRequest"];
            };
        };
        responses: {
            /** @description Sent */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "permitId": "95262e71-29a5-420c-a73f-4aee4dc83978",
                     *       "signature": "0xad73f84d7c954d9734e5708338db856544fbbf14ac813309f96740027d9d14ad33b5c81d06fa4efb24175476de2ac107e6012a0a89f49f785d252b2f7e7292401c",
                     *       "preparedCall": {
                     *         "to": "0x20a7B17d3e7838A53543236881A73Ba689AD90bC",
                     *         "value": "0",
                     *         "data": "0xe67689a700000000000000000000000014dc79964da2c08b23698b3d3cc7ca32193d9955000000000000000000000000000000000000000000000000000000000000000100000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000071040e4000000000000000000000000000000000000000000000000000000000000000a00000000000000000000000000000000000000000000000000000000000000041ad73f84d7c954d9734e5708338db856544fbbf14ac813309f96740027d9d14ad33b5c81d06fa4efb24175476de2ac107e6012a0a89f49f785d252b2f7e7292401c00000000000000000000000000000000000000000000000000000000000000"
                     *       },
                     *       "operationId": "b3c452a0-b0f2-4c5c-a62d-ad867c7bc061"
                     *     }
                     */
                    "application/json": components["schemas"]["PermitIssued"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Idempotency-Key reused with another body */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The chain would revert the transaction (reason in `error`) */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The chain's RPC is unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    issueErc1155Permit: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 200 characters, unique per write (a UUID is a good choice). The same request (method, path and body) repeated with the same key within 24 hours is not done again: it gets the first answer, with `Idempotent-Replayed: true`; the same key with another request is a 409 IDEMPOTENCY_CONFLICT. `X-Idempotency-Key` is accepted too. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description JSON. A body sent without a Content-Type, or as text/plain, is read as JSON too. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "chainId": 31337,
                 *       "contractAddress": "0x791A12932340F0A9E84BD5867d9871c9Fa832B81",
                 *       "recipientAddress": "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
                 *       "tokenId": "1",
                 *       "amount": "1",
                 *       "expiration": "2030-01-31T12:00:00Z"
                 *     }
                 */
                "application/json": components["schemas"]["Erc1155PermitRequest"];
                "text/plain": components["schemas"]["Erc1155PermitRequest"];
            };
        };
        responses: {
            /** @description Sent */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "permitId": "178d48dd-4cb3-4882-9c03-4c6bf6226e33",
                     *       "signature": "0xea8a9d403f0294dd2f94908d7332773b5911819a019644c4e90d5f5c00088717546fb277791f12ee5a3e4b669bae35f2f915c9fbad9bf123c1e7dee86a42cc6e1b",
                     *       "preparedCall": {
                     *         "to": "0x791A12932340F0A9E84BD5867d9871c9Fa832B81",
                     *         "value": "0",
                     *         "data": "0xa63b683b00000000000000000000000014dc79964da2c08b23698b3d3cc7ca32193d99550000000000000000000000000000000000000000000000000000000000000001000000000000000000000000000000000000000000000000000000000000000100000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000071040e4000000000000000000000000000000000000000000000000000000000000000c00000000000000000000000000000000000000000000000000000000000000041ea8a9d403f0294dd2f94908d7332773b5911819a019644c4e90d5f5c00088717546fb277791f12ee5a3e4b669bae35f2f915c9fbad9bf123c1e7dee86a42cc6e1b00000000000000000000000000000000000000000000000000000000000000"
                     *       },
                     *       "operationId": "7518180f-52a5-43dd-b43b-ea5b2d9e5eda"
                     *     }
                     */
                    "application/json": components["schemas"]["PermitIssued"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Idempotency-Key reused with another body */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The chain would revert the transaction (reason in `error`) */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The chain's RPC is unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    erc20PermitBatch: {
        parameters: {
            query: {
                /**
                 * @description Chain id (a JSON integer, or its digits as a string)
                 * @example 31337
                 */
                chainId: number | string;
                /**
                 * @description The token contract (for writes: one the calling project created or imported)
                 * @example 0xDB41Ac6605fb876049e1dB20B2E7cbf8c56a06B5
                 */
                contractAddress: string;
                /**
                 * @description The permits' recipient (required unless ownerAddress is given)
                 * @example 0x14dC79964da2C08b23698B3D3cc7Ca32193d9955
                 */
                recipientAddress?: string;
                /** @description Alias of recipientAddress */
                ownerAddress?: string;
                /** @description The read answers once the chain's index includes this block (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and the block the index is at). */
                minBlock?: number;
                /** @description The operationId a write of this project answered: the read answers once the chain's index includes that operation's transaction, once mined (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and where the index and the transaction are). */
                afterOperation?: string;
            };
            header?: {
                /** @description As the minBlock query parameter. The read answers once the chain's index includes this block (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and the block the index is at). */
                "X-Min-Block"?: number;
                /** @description As the afterOperation query parameter. The operationId a write of this project answered: the read answers once the chain's index includes that operation's transaction, once mined (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and where the index and the transaction are). */
                "X-After-Operation"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The call and the total it mints */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "totalAmount": "5",
                     *       "totalAmountRaw": "5000000000000000000",
                     *       "permitIds": [
                     *         "ece11a3c-8e61-49eb-9377-f789c9ee4c68"
                     *       ],
                     *       "preparedCall": {
                     *         "to": "0xDB41Ac6605fb876049e1dB20B2E7cbf8c56a06B5",
                     *         "value": "0",
                     *         "data": "0xac9650d80000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000000100000000000000000000000000000000000000000000000000000000000000200000000000000000000000000000000000000000000000000000000000000124e67689a700000000000000000000000014dc79964da2c08b23698b3d3cc7ca32193d99550000000000000000000000000000000000000000000000004563918244f4000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000071040e4000000000000000000000000000000000000000000000000000000000000000a00000000000000000000000000000000000000000000000000000000000000041f865aaec9535309843bcfdcb8d076be9431b59e802dd4ea92f3798ff39f7be2124f75594121416f1690665bcf8571e91b51e535cddbae0f9017bf292eb6e17e31c0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erc20PermitBatch"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Contract not this project's, or no permit left to redeem (then with zero totals) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NoOpenPermits"] | components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot answer now: it is stopping (SHUTTING_DOWN) or its database is unavailable (DATABASE_UNAVAILABLE); retry after Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPermit: {
        parameters: {
            query?: {
                /** @description The read answers once the chain's index includes this block (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and the block the index is at). */
                minBlock?: number;
                /** @description The operationId a write of this project answered: the read answers once the chain's index includes that operation's transaction, once mined (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and where the index and the transaction are). */
                afterOperation?: string;
            };
            header?: {
                /** @description As the minBlock query parameter. The read answers once the chain's index includes this block (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and the block the index is at). */
                "X-Min-Block"?: number;
                /** @description As the afterOperation query parameter. The operationId a write of this project answered: the read answers once the chain's index includes that operation's transaction, once mined (it waits up to TOKENHUB_READ_WAIT_MS, then answers 503 NOT_READY with Retry-After and where the index and the transaction are). */
                "X-After-Operation"?: string;
            };
            path: {
                /**
                 * @description The permitId its issue answered
                 * @example ece11a3c-8e61-49eb-9377-f789c9ee4c68
                 */
                permitId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The permit */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "permitId": "ece11a3c-8e61-49eb-9377-f789c9ee4c68",
                     *       "status": "open",
                     *       "statusReason": "Open: not redeemed yet; redeemable until 2030-01-31T12:00:00.000Z.",
                     *       "chainId": 31337,
                     *       "contractAddress": "0xDB41Ac6605fb876049e1dB20B2E7cbf8c56a06B5",
                     *       "type": "erc20",
                     *       "recipientAddress": "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
                     *       "tokenId": null,
                     *       "amount": "5",
                     *       "amountRaw": "5000000000000000000",
                     *       "expiration": "2030-01-31T12:00:00.000Z",
                     *       "signerAddress": "0x7FAFFA658809c623c829Bc23B889a7F01F8bC023",
                     *       "signature": "0xf865aaec9535309843bcfdcb8d076be9431b59e802dd4ea92f3798ff39f7be2124f75594121416f1690665bcf8571e91b51e535cddbae0f9017bf292eb6e17e31c",
                     *       "preparedCall": {
                     *         "to": "0xDB41Ac6605fb876049e1dB20B2E7cbf8c56a06B5",
                     *         "value": "0",
                     *         "data": "0xe67689a700000000000000000000000014dc79964da2c08b23698b3d3cc7ca32193d99550000000000000000000000000000000000000000000000004563918244f4000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000071040e4000000000000000000000000000000000000000000000000000000000000000a00000000000000000000000000000000000000000000000000000000000000041f865aaec9535309843bcfdcb8d076be9431b59e802dd4ea92f3798ff39f7be2124f75594121416f1690665bcf8571e91b51e535cddbae0f9017bf292eb6e17e31c00000000000000000000000000000000000000000000000000000000000000"
                     *       },
                     *       "metadata": null,
                     *       "createdAt": "2026-12-06T10:47:34.567Z",
                     *       "redemption": null,
                     *       "revocation": null
                     *     }
                     */
                    "application/json": components["schemas"]["Permit"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot answer now: it is stopping (SHUTTING_DOWN) or its database is unavailable (DATABASE_UNAVAILABLE); retry after Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokePermit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The permitId its issue answered
                 * @example 95262e71-29a5-420c-a73f-4aee4dc83978
                 */
                permitId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revocation sent */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "transactionHash": "0xb9c9a6f97bf61f547c255d35a484049ae392b4e33e288ef24e3311c40d2ad486",
                     *       "transactionUrl": "http://localhost:42069/api/v1/transactions/0xb9c9a6f97bf61f547c255d35a484049ae392b4e33e288ef24e3311c40d2ad486",
                     *       "operationId": "ff76a023-242b-4d5f-a41a-5f961ead8931",
                     *       "permitId": "95262e71-29a5-420c-a73f-4aee4dc83978"
                     *     }
                     */
                    "application/json": components["schemas"]["PermitRevocationSent"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Already redeemed, or expired */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The chain would revert the revocation (reason in `error`) */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The chain's RPC is unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoints */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "webhooks": [
                     *         {
                     *           "webhookId": "d4ff342a-5ed7-434f-8532-b6e3a66e6334",
                     *           "url": "https://app.example.com/tokenhub/webhooks",
                     *           "description": "orders service",
                     *           "events": [
                     *             "mint.confirmed",
                     *             "token.transferred"
                     *           ],
                     *           "status": "active",
                     *           "failingSince": null,
                     *           "createdAt": "2026-12-06T10:47:34.608Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Webhooks"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot answer now: it is stopping (SHUTTING_DOWN) or its database is unavailable (DATABASE_UNAVAILABLE); retry after Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 200 characters, unique per write (a UUID is a good choice). The same request (method, path and body) repeated with the same key within 24 hours is not done again: it gets the first answer, with `Idempotent-Replayed: true`; the same key with another request is a 409 IDEMPOTENCY_CONFLICT. `X-Idempotency-Key` is accepted too. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description JSON. A body sent without a Content-Type, or as text/plain, is read as JSON too. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://app.example.com/tokenhub/webhooks",
                 *       "events": [
                 *         "mint.confirmed",
                 *         "token.transferred"
                 *       ],
                 *       "description": "orders service"
                 *     }
                 */
                "application/json": components["schemas"]["CreateWebhookRequest"];
                "text/plain": components["schemas"]["CreateWebhookRequest"];
            };
        };
        responses: {
            /** @description Created */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "webhookId": "d4ff342a-5ed7-434f-8532-b6e3a66e6334",
                     *       "url": "https://app.example.com/tokenhub/webhooks",
                     *       "description": "orders service",
                     *       "events": [
                     *         "mint.confirmed",
                     *         "token.transferred"
                     *       ],
                     *       "status": "active",
                     *       "failingSince": null,
                     *       "createdAt": "2026-12-06T10:47:34.608Z",
                     *       "secret": "whsec_Jjr0Aq4mrpeG0rOVlfQHSXb8VhGli1dPlOAvBGGw2Uk="
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookCreated"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot answer now: it is stopping (SHUTTING_DOWN) or its database is unavailable (DATABASE_UNAVAILABLE); retry after Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The a webhook id
                 * @example d4ff342a-5ed7-434f-8532-b6e3a66e6334
                 */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true
                     *     }
                     */
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot answer now: it is stopping (SHUTTING_DOWN) or its database is unavailable (DATABASE_UNAVAILABLE); retry after Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 200 characters, unique per write (a UUID is a good choice). The same request (method, path and body) repeated with the same key within 24 hours is not done again: it gets the first answer, with `Idempotent-Replayed: true`; the same key with another request is a 409 IDEMPOTENCY_CONFLICT. `X-Idempotency-Key` is accepted too. */
                "Idempotency-Key"?: string;
            };
            path: {
                /**
                 * @description The a webhook id
                 * @example d4ff342a-5ed7-434f-8532-b6e3a66e6334
                 */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "eventId": "a236c213-cd04-4025-aa87-f493a335dbf3"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookTestQueued"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot answer now: it is stopping (SHUTTING_DOWN) or its database is unavailable (DATABASE_UNAVAILABLE); retry after Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 200 characters, unique per write (a UUID is a good choice). The same request (method, path and body) repeated with the same key within 24 hours is not done again: it gets the first answer, with `Idempotent-Replayed: true`; the same key with another request is a 409 IDEMPOTENCY_CONFLICT. `X-Idempotency-Key` is accepted too. */
                "Idempotency-Key"?: string;
            };
            path: {
                /**
                 * @description The a webhook id
                 * @example d4ff342a-5ed7-434f-8532-b6e3a66e6334
                 */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "webhookId": "d4ff342a-5ed7-434f-8532-b6e3a66e6334",
                     *       "secret": "whsec_Uke47b7X6/RhgEJJ1D6wG3kcYrW/NmnIFg5LG+zVyZE=",
                     *       "previousSecretExpiresAt": "2026-12-07T10:47:34.654Z"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookSecretRotated"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot answer now: it is stopping (SHUTTING_DOWN) or its database is unavailable (DATABASE_UNAVAILABLE); retry after Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description 0-based page index; 50 items a page */
                page?: number | string;
                /** @description The page after the one that answered this key as nextPageKey (omit for the first page). Stable while items are added between two reads: no item twice, none of those there at the first read skipped. */
                pageKey?: string;
                /** @description Only deliveries in this state */
                status?: "pending" | "delivered" | "failed";
                /** @description Only deliveries of this event type */
                type?: "transaction.sent" | "transaction.confirmed" | "transaction.finalized" | "transaction.reorged" | "transaction.replaced" | "mint.confirmed" | "permit.redeemed" | "permit.revoked" | "metadata.propagated" | "account.call.confirmed" | "token.transferred" | "account.created" | "token.transferred.reorged" | "account.created.reorged" | "permit.redeemed.reorged" | "permit.revoked.reorged" | "webhook.test";
            };
            header?: never;
            path: {
                /**
                 * @description The a webhook id
                 * @example d4ff342a-5ed7-434f-8532-b6e3a66e6334
                 */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deliveries (nextPage is null on the last) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "deliveries": [
                     *         {
                     *           "eventId": "a236c213-cd04-4025-aa87-f493a335dbf3",
                     *           "type": "webhook.test",
                     *           "status": "delivered",
                     *           "attempts": 1,
                     *           "lastStatusCode": 200,
                     *           "lastError": null,
                     *           "lastAttemptAt": "2026-12-06T10:47:34.633Z",
                     *           "nextAttemptAt": null,
                     *           "deliveredAt": "2026-12-06T10:47:34.633Z",
                     *           "createdAt": "2026-12-06T10:47:34.616Z",
                     *           "event": {
                     *             "id": "a236c213-cd04-4025-aa87-f493a335dbf3",
                     *             "type": "webhook.test",
                     *             "timestamp": "2026-12-06T10:47:34.616Z",
                     *             "data": {
                     *               "webhookId": "d4ff342a-5ed7-434f-8532-b6e3a66e6334",
                     *               "message": "A test event from tokenhub."
                     *             }
                     *           }
                     *         }
                     *       ],
                     *       "page": 0,
                     *       "nextPage": null,
                     *       "nextPageKey": null
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookDeliveries"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot answer now: it is stopping (SHUTTING_DOWN) or its database is unavailable (DATABASE_UNAVAILABLE); retry after Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    redeliverWebhookEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 200 characters, unique per write (a UUID is a good choice). The same request (method, path and body) repeated with the same key within 24 hours is not done again: it gets the first answer, with `Idempotent-Replayed: true`; the same key with another request is a 409 IDEMPOTENCY_CONFLICT. `X-Idempotency-Key` is accepted too. */
                "Idempotency-Key"?: string;
            };
            path: {
                /**
                 * @description The a webhook id
                 * @example d4ff342a-5ed7-434f-8532-b6e3a66e6334
                 */
                webhookId: string;
                /**
                 * @description The an event id
                 * @example a236c213-cd04-4025-aa87-f493a335dbf3
                 */
                eventId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "delivery": {
                     *         "eventId": "a236c213-cd04-4025-aa87-f493a335dbf3",
                     *         "type": "webhook.test",
                     *         "status": "pending",
                     *         "attempts": 1,
                     *         "lastStatusCode": 200,
                     *         "lastError": null,
                     *         "lastAttemptAt": "2026-12-06T10:47:34.633Z",
                     *         "nextAttemptAt": "2026-12-06T10:47:34.651Z",
                     *         "deliveredAt": null,
                     *         "createdAt": "2026-12-06T10:47:34.616Z",
                     *         "event": {
                     *           "id": "a236c213-cd04-4025-aa87-f493a335dbf3",
                     *           "type": "webhook.test",
                     *           "timestamp": "2026-12-06T10:47:34.616Z",
                     *           "data": {
                     *             "webhookId": "d4ff342a-5ed7-434f-8532-b6e3a66e6334",
                     *             "message": "A test event from tokenhub."
                     *           }
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookRedelivered"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot answer now: it is stopping (SHUTTING_DOWN) or its database is unavailable (DATABASE_UNAVAILABLE); retry after Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    uploadMedia: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 200 characters, unique per write (a UUID is a good choice). The same request (method, path and body) repeated with the same key within 24 hours is not done again: it gets the first answer, with `Idempotent-Replayed: true`; the same key with another request is a 409 IDEMPOTENCY_CONFLICT. `X-Idempotency-Key` is accepted too. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The file (image, video, audio...), at most TOKENHUB_MEDIA_MAX_BYTES
                     */
                    media: string;
                };
            };
        };
        responses: {
            /** @description Stored */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "mediaUrl": "http://localhost:42069/media/bc09c2590d2502c8ffaf1a3c09aa89df222e03d186a8daa0c7fce6321fb6e928.png",
                     *       "sha256": "bc09c2590d2502c8ffaf1a3c09aa89df222e03d186a8daa0c7fce6321fb6e928",
                     *       "contentType": "image/png",
                     *       "size": 70
                     *     }
                     */
                    "application/json": components["schemas"]["MediaUpload"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Idempotency-Key reused with another file */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The file exceeds the upload limit */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not multipart/form-data, or a file type that is not accepted */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot answer now: it is stopping (SHUTTING_DOWN) or its database is unavailable (DATABASE_UNAVAILABLE); retry after Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMedia: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The file's name in its mediaUrl: its SHA-256 and extension
                 * @example bc09c2590d2502c8ffaf1a3c09aa89df222e03d186a8daa0c7fce6321fb6e928.png
                 */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file, byte for byte */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
            /** @description The requested byte range */
            206: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
            /** @description Not modified (If-None-Match) */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The range starts past the end of the file */
            416: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the token's (or, without a token, the client address's) bucket is empty; retry after Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot answer now: it is stopping (SHUTTING_DOWN) or its database is unavailable (DATABASE_UNAVAILABLE); retry after Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    onTransactionSent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id, the same on every attempt: deduplicate on it */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one too far from your clock (Standard Webhooks: 5 minutes) */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the secret's bytes (base64 after whsec_); two while a rotated secret overlaps */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "7a05e2f3-7d8d-4bdc-b272-c9b7f7fedf68",
                 *       "type": "transaction.sent",
                 *       "timestamp": "2026-11-26T02:42:54.981Z",
                 *       "data": {
                 *         "chainId": 31337,
                 *         "transactionHash": "0xac7fe3b361caec9e00471858c2522551534fde67a1a364c54e0111af0006a1bc",
                 *         "transactionUrl": "http://localhost:42069/api/v1/transactions/0xac7fe3b361caec9e00471858c2522551534fde67a1a364c54e0111af0006a1bc",
                 *         "previousHashes": [],
                 *         "status": "pending",
                 *         "purpose": "erc721.mint",
                 *         "signer": "0xE3bcdDd43ea35Ede83829466610eB143FaDd9ca3",
                 *         "nonce": 1,
                 *         "blockNumber": null,
                 *         "blockHash": null,
                 *         "gasUsed": null,
                 *         "fee": null,
                 *         "failureReason": null,
                 *         "final": false,
                 *         "reorgedFrom": null,
                 *         "operationIds": [
                 *           "1b338e13-a6e7-4143-8fee-286adddc0647"
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The event's id: the same on every attempt and in the webhook-id header (deduplicate on it)
                     */
                    id: string;
                    /**
                     * @description The event type
                     * @enum {string}
                     */
                    type: "transaction.sent";
                    /**
                     * @description When the event was recorded (ISO-8601)
                     * @example 2026-11-23T10:15:02.120Z
                     */
                    timestamp: string;
                    /** @description What happened: this event type's fields */
                    data: {
                        /**
                         * @description Chain id
                         * @example 31337
                         */
                        chainId: number;
                        /**
                         * @description Its current hash: the mined attempt's once mined, else the latest attempt's
                         * @example 0x4c7e3c0f7d5d0a7b1c1f2a6c7e9f0b8d4e2a1c3b5d7f9e0a2c4e6b8d0f1a3c5e
                         */
                        transactionHash: string;
                        /** @description The chain's explorer page, or the service's own GET /api/v1/transactions/<hash> */
                        transactionUrl: string;
                        /** @description Its other attempts' hashes (fee bumps, a call signed again), oldest first */
                        previousHashes: string[];
                        /**
                         * @description pending until a receipt is seen; failure: it reverted
                         * @enum {string}
                         */
                        status: "pending" | "success" | "failure";
                        /**
                         * @description What it does: erc721.mint, erc1155.batchMint, metadata.propagate, account.executeBatch, ...
                         * @example erc721.mint
                         */
                        purpose: string;
                        /**
                         * @description The service signer that sent it
                         * @example 0x5FbDB2315678afecb367f032d93F642f64180aa3
                         */
                        signer: string;
                        /** @description Its nonce (a call signed again at a fresh nonce has a new one) */
                        nonce: number;
                        /**
                         * @description The block holding it; null while pending
                         * @example 42
                         */
                        blockNumber: string | null;
                        /**
                         * @description That block's hash; null while pending
                         * @example 0x4c7e3c0f7d5d0a7b1c1f2a6c7e9f0b8d4e2a1c3b5d7f9e0a2c4e6b8d0f1a3c5e
                         */
                        blockHash: string | null;
                        /** @description Gas it used; null while pending */
                        gasUsed: string | null;
                        /** @description gasUsed × effectiveGasPrice in the chain's native unit, decimals applied; null while pending */
                        fee: string | null;
                        /** @description Why it failed, when it did */
                        failureReason: string | null;
                        /** @description Its block is final by the chain's finality: nothing can change it any more */
                        final: boolean;
                        /** @description The block it was in before a reorganisation took that block away */
                        reorgedFrom: {
                            /**
                             * @description Decimal block number
                             * @example 42
                             */
                            blockNumber: string;
                            /**
                             * @description The block's hash
                             * @example 0x4c7e3c0f7d5d0a7b1c1f2a6c7e9f0b8d4e2a1c3b5d7f9e0a2c4e6b8d0f1a3c5e
                             */
                            blockHash: string;
                        } | null;
                        /** @description The write requests (operationId of their answers) whose calls it carries, in call order */
                        operationIds: string[];
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges it; anything else (or no answer within the timeout) is retried with backoff for 24 hours */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onTransactionConfirmed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id, the same on every attempt: deduplicate on it */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one too far from your clock (Standard Webhooks: 5 minutes) */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the secret's bytes (base64 after whsec_); two while a rotated secret overlaps */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "6f9c3005-a9b5-4741-b4b6-f8159f68883a",
                 *       "type": "transaction.confirmed",
                 *       "timestamp": "2026-11-26T02:42:55.759Z",
                 *       "data": {
                 *         "chainId": 31337,
                 *         "transactionHash": "0xac7fe3b361caec9e00471858c2522551534fde67a1a364c54e0111af0006a1bc",
                 *         "transactionUrl": "http://localhost:42069/api/v1/transactions/0xac7fe3b361caec9e00471858c2522551534fde67a1a364c54e0111af0006a1bc",
                 *         "previousHashes": [],
                 *         "status": "success",
                 *         "purpose": "erc721.mint",
                 *         "signer": "0xE3bcdDd43ea35Ede83829466610eB143FaDd9ca3",
                 *         "nonce": 1,
                 *         "blockNumber": "10",
                 *         "blockHash": "0x4039c3d35ed7a93397bb5030f388a757aaf0f6bd209ac2d645df104a5ffd0b11",
                 *         "gasUsed": "77851",
                 *         "fee": "0.000103828269753383",
                 *         "failureReason": null,
                 *         "final": false,
                 *         "reorgedFrom": null,
                 *         "operationIds": [
                 *           "1b338e13-a6e7-4143-8fee-286adddc0647"
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The event's id: the same on every attempt and in the webhook-id header (deduplicate on it)
                     */
                    id: string;
                    /**
                     * @description The event type
                     * @enum {string}
                     */
                    type: "transaction.confirmed";
                    /**
                     * @description When the event was recorded (ISO-8601)
                     * @example 2026-11-23T10:15:02.120Z
                     */
                    timestamp: string;
                    /** @description What happened: this event type's fields */
                    data: {
                        /**
                         * @description Chain id
                         * @example 31337
                         */
                        chainId: number;
                        /**
                         * @description Its current hash: the mined attempt's once mined, else the latest attempt's
                         * @example 0x4c7e3c0f7d5d0a7b1c1f2a6c7e9f0b8d4e2a1c3b5d7f9e0a2c4e6b8d0f1a3c5e
                         */
                        transactionHash: string;
                        /** @description The chain's explorer page, or the service's own GET /api/v1/transactions/<hash> */
                        transactionUrl: string;
                        /** @description Its other attempts' hashes (fee bumps, a call signed again), oldest first */
                        previousHashes: string[];
                        /**
                         * @description pending until a receipt is seen; failure: it reverted
                         * @enum {string}
                         */
                        status: "pending" | "success" | "failure";
                        /**
                         * @description What it does: erc721.mint, erc1155.batchMint, metadata.propagate, account.executeBatch, ...
                         * @example erc721.mint
                         */
                        purpose: string;
                        /**
                         * @description The service signer that sent it
                         * @example 0x5FbDB2315678afecb367f032d93F642f64180aa3
                         */
                        signer: string;
                        /** @description Its nonce (a call signed again at a fresh nonce has a new one) */
                        nonce: number;
                        /**
                         * @description The block holding it; null while pending
                         * @example 42
                         */
                        blockNumber: string | null;
                        /**
                         * @description That block's hash; null while pending
                         * @example 0x4c7e3c0f7d5d0a7b1c1f2a6c7e9f0b8d4e2a1c3b5d7f9e0a2c4e6b8d0f1a3c5e
                         */
                        blockHash: string | null;
                        /** @description Gas it used; null while pending */
                        gasUsed: string | null;
                        /** @description gasUsed × effectiveGasPrice in the chain's native unit, decimals applied; null while pending */
                        fee: string | null;
                        /** @description Why it failed, when it did */
                        failureReason: string | null;
                        /** @description Its block is final by the chain's finality: nothing can change it any more */
                        final: boolean;
                        /** @description The block it was in before a reorganisation took that block away */
                        reorgedFrom: {
                            /**
                             * @description Decimal block number
                             * @example 42
                             */
                            blockNumber: string;
                            /**
                             * @description The block's hash
                             * @example 0x4c7e3c0f7d5d0a7b1c1f2a6c7e9f0b8d4e2a1c3b5d7f9e0a2c4e6b8d0f1a3c5e
                             */
                            blockHash: string;
                        } | null;
                        /** @description The write requests (operationId of their answers) whose calls it carries, in call order */
                        operationIds: string[];
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges it; anything else (or no answer within the timeout) is retried with backoff for 24 hours */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onTransactionFinalized: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id, the same on every attempt: deduplicate on it */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one too far from your clock (Standard Webhooks: 5 minutes) */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the secret's bytes (base64 after whsec_); two while a rotated secret overlaps */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "653e7d6f-2fb3-4e17-9823-18cb1e02b446",
                 *       "type": "transaction.finalized",
                 *       "timestamp": "2026-11-26T02:42:56.787Z",
                 *       "data": {
                 *         "chainId": 31337,
                 *         "transactionHash": "0xac7fe3b361caec9e00471858c2522551534fde67a1a364c54e0111af0006a1bc",
                 *         "transactionUrl": "http://localhost:42069/api/v1/transactions/0xac7fe3b361caec9e00471858c2522551534fde67a1a364c54e0111af0006a1bc",
                 *         "previousHashes": [],
                 *         "status": "success",
                 *         "purpose": "erc721.mint",
                 *         "signer": "0xE3bcdDd43ea35Ede83829466610eB143FaDd9ca3",
                 *         "nonce": 1,
                 *         "blockNumber": "10",
                 *         "blockHash": "0x4039c3d35ed7a93397bb5030f388a757aaf0f6bd209ac2d645df104a5ffd0b11",
                 *         "gasUsed": "77851",
                 *         "fee": "0.000103828269753383",
                 *         "failureReason": null,
                 *         "final": true,
                 *         "reorgedFrom": null,
                 *         "operationIds": [
                 *           "1b338e13-a6e7-4143-8fee-286adddc0647"
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The event's id: the same on every attempt and in the webhook-id header (deduplicate on it)
                     */
                    id: string;
                    /**
                     * @description The event type
                     * @enum {string}
                     */
                    type: "transaction.finalized";
                    /**
                     * @description When the event was recorded (ISO-8601)
                     * @example 2026-11-23T10:15:02.120Z
                     */
                    timestamp: string;
                    /** @description What happened: this event type's fields */
                    data: {
                        /**
                         * @description Chain id
                         * @example 31337
                         */
                        chainId: number;
                        /**
                         * @description Its current hash: the mined attempt's once mined, else the latest attempt's
                         * @example 0x4c7e3c0f7d5d0a7b1c1f2a6c7e9f0b8d4e2a1c3b5d7f9e0a2c4e6b8d0f1a3c5e
                         */
                        transactionHash: string;
                        /** @description The chain's explorer page, or the service's own GET /api/v1/transactions/<hash> */
                        transactionUrl: string;
                        /** @description Its other attempts' hashes (fee bumps, a call signed again), oldest first */
                        previousHashes: string[];
                        /**
                         * @description pending until a receipt is seen; failure: it reverted
                         * @enum {string}
                         */
                        status: "pending" | "success" | "failure";
                        /**
                         * @description What it does: erc721.mint, erc1155.batchMint, metadata.propagate, account.executeBatch, ...
                         * @example erc721.mint
                         */
                        purpose: string;
                        /**
                         * @description The service signer that sent it
                         * @example 0x5FbDB2315678afecb367f032d93F642f64180aa3
                         */
                        signer: string;
                        /** @description Its nonce (a call signed again at a fresh nonce has a new one) */
                        nonce: number;
                        /**
                         * @description The block holding it; null while pending
                         * @example 42
                         */
                        blockNumber: string | null;
                        /**
                         * @description That block's hash; null while pending
                         * @example 0x4c7e3c0f7d5d0a7b1c1f2a6c7e9f0b8d4e2a1c3b5d7f9e0a2c4e6b8d0f1a3c5e
                         */
                        blockHash: string | null;
                        /** @description Gas it used; null while pending */
                        gasUsed: string | null;
                        /** @description gasUsed × effectiveGasPrice in the chain's native unit, decimals applied; null while pending */
                        fee: string | null;
                        /** @description Why it failed, when it did */
                        failureReason: string | null;
                        /** @description Its block is final by the chain's finality: nothing can change it any more */
                        final: boolean;
                        /** @description The block it was in before a reorganisation took that block away */
                        reorgedFrom: {
                            /**
                             * @description Decimal block number
                             * @example 42
                             */
                            blockNumber: string;
                            /**
                             * @description The block's hash
                             * @example 0x4c7e3c0f7d5d0a7b1c1f2a6c7e9f0b8d4e2a1c3b5d7f9e0a2c4e6b8d0f1a3c5e
                             */
                            blockHash: string;
                        } | null;
                        /** @description The write requests (operationId of their answers) whose calls it carries, in call order */
                        operationIds: string[];
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges it; anything else (or no answer within the timeout) is retried with backoff for 24 hours */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onTransactionReorged: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id, the same on every attempt: deduplicate on it */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one too far from your clock (Standard Webhooks: 5 minutes) */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the secret's bytes (base64 after whsec_); two while a rotated secret overlaps */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "1c442f60-285c-4304-9952-b31a11b398ed",
                 *       "type": "transaction.reorged",
                 *       "timestamp": "2026-11-26T02:43:07.998Z",
                 *       "data": {
                 *         "chainId": 31337,
                 *         "transactionHash": "0x04d5d734ccc62d6eb217560b962fee344f43ca0cea78cd1e1b6ce95f37a67c9a",
                 *         "transactionUrl": "http://localhost:42069/api/v1/transactions/0x04d5d734ccc62d6eb217560b962fee344f43ca0cea78cd1e1b6ce95f37a67c9a",
                 *         "previousHashes": [],
                 *         "status": "pending",
                 *         "purpose": "erc721.mint",
                 *         "signer": "0xE3bcdDd43ea35Ede83829466610eB143FaDd9ca3",
                 *         "nonce": 8,
                 *         "blockNumber": null,
                 *         "blockHash": null,
                 *         "gasUsed": null,
                 *         "fee": null,
                 *         "failureReason": null,
                 *         "final": false,
                 *         "reorgedFrom": {
                 *           "blockNumber": "25",
                 *           "blockHash": "0xf3ea563fb6ef8e5b25c285d9d114d964e837f9fee1baf4bbfd14a4cd4c2d5c07"
                 *         },
                 *         "operationIds": [
                 *           "be6d5776-1a72-4854-a8d3-4033776eb350"
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The event's id: the same on every attempt and in the webhook-id header (deduplicate on it)
                     */
                    id: string;
                    /**
                     * @description The event type
                     * @enum {string}
                     */
                    type: "transaction.reorged";
                    /**
                     * @description When the event was recorded (ISO-8601)
                     * @example 2026-11-23T10:15:02.120Z
                     */
                    timestamp: string;
                    /** @description What happened: this event type's fields */
                    data: {
                        /**
                         * @description Chain id
                         * @example 31337
                         */
                        chainId: number;
                        /**
                         * @description Its current hash: the mined attempt's once mined, else the latest attempt's
                         * @example 0x4c7e3c0f7d5d0a7b1c1f2a6c7e9f0b8d4e2a1c3b5d7f9e0a2c4e6b8d0f1a3c5e
                         */
                        transactionHash: string;
                        /** @description The chain's explorer page, or the service's own GET /api/v1/transactions/<hash> */
                        transactionUrl: string;
                        /** @description Its other attempts' hashes (fee bumps, a call signed again), oldest first */
                        previousHashes: string[];
                        /**
                         * @description pending until a receipt is seen; failure: it reverted
                         * @enum {string}
                         */
                        status: "pending" | "success" | "failure";
                        /**
                         * @description What it does: erc721.mint, erc1155.batchMint, metadata.propagate, account.executeBatch, ...
                         * @example erc721.mint
                         */
                        purpose: string;
                        /**
                         * @description The service signer that sent it
                         * @example 0x5FbDB2315678afecb367f032d93F642f64180aa3
                         */
                        signer: string;
                        /** @description Its nonce (a call signed again at a fresh nonce has a new one) */
                        nonce: number;
                        /**
                         * @description The block holding it; null while pending
                         * @example 42
                         */
                        blockNumber: string | null;
                        /**
                         * @description That block's hash; null while pending
                         * @example 0x4c7e3c0f7d5d0a7b1c1f2a6c7e9f0b8d4e2a1c3b5d7f9e0a2c4e6b8d0f1a3c5e
                         */
                        blockHash: string | null;
                        /** @description Gas it used; null while pending */
                        gasUsed: string | null;
                        /** @description gasUsed × effectiveGasPrice in the chain's native unit, decimals applied; null while pending */
                        fee: string | null;
                        /** @description Why it failed, when it did */
                        failureReason: string | null;
                        /** @description Its block is final by the chain's finality: nothing can change it any more */
                        final: boolean;
                        /** @description The block it was in before a reorganisation took that block away */
                        reorgedFrom: {
                            /**
                             * @description Decimal block number
                             * @example 42
                             */
                            blockNumber: string;
                            /**
                             * @description The block's hash
                             * @example 0x4c7e3c0f7d5d0a7b1c1f2a6c7e9f0b8d4e2a1c3b5d7f9e0a2c4e6b8d0f1a3c5e
                             */
                            blockHash: string;
                        } | null;
                        /** @description The write requests (operationId of their answers) whose calls it carries, in call order */
                        operationIds: string[];
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges it; anything else (or no answer within the timeout) is retried with backoff for 24 hours */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onTransactionReplaced: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id, the same on every attempt: deduplicate on it */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one too far from your clock (Standard Webhooks: 5 minutes) */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the secret's bytes (base64 after whsec_); two while a rotated secret overlaps */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "c277a804-2b04-47e6-a9d5-a12e893f7020",
                 *       "type": "transaction.replaced",
                 *       "timestamp": "2026-11-26T02:43:05.933Z",
                 *       "data": {
                 *         "chainId": 31337,
                 *         "transactionHash": "0xfe1ca99bffe68ebdebdef330ce28ab79e0ea0a79d9bc3f436b0ff3f319f83b80",
                 *         "transactionUrl": "http://localhost:42069/api/v1/transactions/0xfe1ca99bffe68ebdebdef330ce28ab79e0ea0a79d9bc3f436b0ff3f319f83b80",
                 *         "previousHashes": [
                 *           "0xfb01e7a460b740111d313123c616e7331da29ad2494c10fa6012c7acf8215d95"
                 *         ],
                 *         "status": "pending",
                 *         "purpose": "erc721.mint",
                 *         "signer": "0xE3bcdDd43ea35Ede83829466610eB143FaDd9ca3",
                 *         "nonce": 7,
                 *         "blockNumber": null,
                 *         "blockHash": null,
                 *         "gasUsed": null,
                 *         "fee": null,
                 *         "failureReason": null,
                 *         "final": false,
                 *         "reorgedFrom": null,
                 *         "operationIds": [
                 *           "597d16a5-326a-4b66-a568-f5c8fd8d18b5"
                 *         ],
                 *         "replacement": {
                 *           "previousHash": "0xfb01e7a460b740111d313123c616e7331da29ad2494c10fa6012c7acf8215d95",
                 *           "reason": "fee_bump"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The event's id: the same on every attempt and in the webhook-id header (deduplicate on it)
                     */
                    id: string;
                    /**
                     * @description The event type
                     * @enum {string}
                     */
                    type: "transaction.replaced";
                    /**
                     * @description When the event was recorded (ISO-8601)
                     * @example 2026-11-23T10:15:02.120Z
                     */
                    timestamp: string;
                    /** @description What happened: this event type's fields */
                    data: {
                        /**
                         * @description Chain id
                         * @example 31337
                         */
                        chainId: number;
                        /**
                         * @description Its current hash: the mined attempt's once mined, else the latest attempt's
                         * @example 0x4c7e3c0f7d5d0a7b1c1f2a6c7e9f0b8d4e2a1c3b5d7f9e0a2c4e6b8d0f1a3c5e
                         */
                        transactionHash: string;
                        /** @description The chain's explorer page, or the service's own GET /api/v1/transactions/<hash> */
                        transactionUrl: string;
                        /** @description Its other attempts' hashes (fee bumps, a call signed again), oldest first */
                        previousHashes: string[];
                        /**
                         * @description pending until a receipt is seen; failure: it reverted
                         * @enum {string}
                         */
                        status: "pending" | "success" | "failure";
                        /**
                         * @description What it does: erc721.mint, erc1155.batchMint, metadata.propagate, account.executeBatch, ...
                         * @example erc721.mint
                         */
                        purpose: string;
                        /**
                         * @description The service signer that sent it
                         * @example 0x5FbDB2315678afecb367f032d93F642f64180aa3
                         */
                        signer: string;
                        /** @description Its nonce (a call signed again at a fresh nonce has a new one) */
                        nonce: number;
                        /**
                         * @description The block holding it; null while pending
                         * @example 42
                         */
                        blockNumber: string | null;
                        /**
                         * @description That block's hash; null while pending
                         * @example 0x4c7e3c0f7d5d0a7b1c1f2a6c7e9f0b8d4e2a1c3b5d7f9e0a2c4e6b8d0f1a3c5e
                         */
                        blockHash: string | null;
                        /** @description Gas it used; null while pending */
                        gasUsed: string | null;
                        /** @description gasUsed × effectiveGasPrice in the chain's native unit, decimals applied; null while pending */
                        fee: string | null;
                        /** @description Why it failed, when it did */
                        failureReason: string | null;
                        /** @description Its block is final by the chain's finality: nothing can change it any more */
                        final: boolean;
                        /** @description The block it was in before a reorganisation took that block away */
                        reorgedFrom: {
                            /**
                             * @description Decimal block number
                             * @example 42
                             */
                            blockNumber: string;
                            /**
                             * @description The block's hash
                             * @example 0x4c7e3c0f7d5d0a7b1c1f2a6c7e9f0b8d4e2a1c3b5d7f9e0a2c4e6b8d0f1a3c5e
                             */
                            blockHash: string;
                        } | null;
                        /** @description The write requests (operationId of their answers) whose calls it carries, in call order */
                        operationIds: string[];
                        /** @description The attempt it replaces, and why */
                        replacement: {
                            /**
                             * @description The attempt it replaces
                             * @example 0x4c7e3c0f7d5d0a7b1c1f2a6c7e9f0b8d4e2a1c3b5d7f9e0a2c4e6b8d0f1a3c5e
                             */
                            previousHash: string;
                            /**
                             * @description fee_bump: the same nonce at a higher fee; fresh_nonce: another transaction used its nonce for good, so its call was signed again at a new one
                             * @enum {string}
                             */
                            reason: "fee_bump" | "fresh_nonce";
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges it; anything else (or no answer within the timeout) is retried with backoff for 24 hours */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onMintConfirmed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id, the same on every attempt: deduplicate on it */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one too far from your clock (Standard Webhooks: 5 minutes) */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the secret's bytes (base64 after whsec_); two while a rotated secret overlaps */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "d56ad87f-8e1c-4474-940b-e38441f72c87",
                 *       "type": "mint.confirmed",
                 *       "timestamp": "2026-11-26T02:42:55.760Z",
                 *       "data": {
                 *         "operationId": "1b338e13-a6e7-4143-8fee-286adddc0647",
                 *         "purpose": "erc721.mint",
                 *         "contractAddress": "0xDB41Ac6605fb876049e1dB20B2E7cbf8c56a06B5",
                 *         "chainId": 31337,
                 *         "status": "success",
                 *         "transactionHash": "0xac7fe3b361caec9e00471858c2522551534fde67a1a364c54e0111af0006a1bc",
                 *         "transactionUrl": "http://localhost:42069/api/v1/transactions/0xac7fe3b361caec9e00471858c2522551534fde67a1a364c54e0111af0006a1bc",
                 *         "blockNumber": "10",
                 *         "blockHash": "0x4039c3d35ed7a93397bb5030f388a757aaf0f6bd209ac2d645df104a5ffd0b11",
                 *         "minted": [
                 *           {
                 *             "contractAddress": "0xDB41Ac6605fb876049e1dB20B2E7cbf8c56a06B5",
                 *             "recipientAddress": "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc",
                 *             "tokenId": "1",
                 *             "amount": "1",
                 *             "amountRaw": "1"
                 *           }
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The event's id: the same on every attempt and in the webhook-id header (deduplicate on it)
                     */
                    id: string;
                    /**
                     * @description The event type
                     * @enum {string}
                     */
                    type: "mint.confirmed";
                    /**
                     * @description When the event was recorded (ISO-8601)
                     * @example 2026-11-23T10:15:02.120Z
                     */
                    timestamp: string;
                    /** @description What happened: this event type's fields */
                    data: {
                        /** @description The mint request's operationId */
                        operationId: string;
                        /**
                         * @description Chain id
                         * @example 31337
                         */
                        chainId: number;
                        /**
                         * @description failure: the transaction reverted; nothing of it happened
                         * @enum {string}
                         */
                        status: "success" | "failure";
                        /**
                         * @description The transaction's hash
                         * @example 0x4c7e3c0f7d5d0a7b1c1f2a6c7e9f0b8d4e2a1c3b5d7f9e0a2c4e6b8d0f1a3c5e
                         */
                        transactionHash: string;
                        /** @description Where to follow the transaction: the chain explorer's page when the chains file gives an explorerUrl, else this service's GET /api/v1/transactions/{hash} */
                        transactionUrl: string;
                        /**
                         * @description Decimal block number
                         * @example 42
                         */
                        blockNumber: string;
                        /**
                         * @description The block's hash
                         * @example 0x4c7e3c0f7d5d0a7b1c1f2a6c7e9f0b8d4e2a1c3b5d7f9e0a2c4e6b8d0f1a3c5e
                         */
                        blockHash: string;
                        /**
                         * @description What the mint was: erc20.mint, erc721.mint, erc1155.mint or erc1155.batchMint
                         * @example erc721.mint
                         */
                        purpose: string;
                        /**
                         * @description The token contract
                         * @example 0x5FbDB2315678afecb367f032d93F642f64180aa3
                         */
                        contractAddress: string;
                        /** @description What this request minted (its own call's token in a joined transaction); empty on failure */
                        minted: {
                            /**
                             * @description The token contract's address (EIP-55 checksummed)
                             * @example 0x20a7B17d3e7838A53543236881A73Ba689AD90bC
                             */
                            contractAddress: string;
                            /**
                             * @description Who receives the tokens (EIP-55 checksummed)
                             * @example 0x976EA74026E726554dB657fA54763abd0C3a0aa9
                             */
                            recipientAddress: string;
                            /** @description null for ERC-20 */
                            tokenId: string | null;
                            /** @description Human-readable (decimals applied for ERC-20 tokens this service manages) */
                            amount: string;
                            /** @description The amount in the token's smallest unit (uint256, decimal; no decimals applied) */
                            amountRaw: string;
                        }[];
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges it; anything else (or no answer within the timeout) is retried with backoff for 24 hours */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onPermitRedeemed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id, the same on every attempt: deduplicate on it */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one too far from your clock (Standard Webhooks: 5 minutes) */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the secret's bytes (base64 after whsec_); two while a rotated secret overlaps */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "0ffca3bd-dc99-487b-a95e-64dac1123b4b",
                 *       "type": "permit.redeemed",
                 *       "timestamp": "2026-11-26T02:43:01.122Z",
                 *       "data": {
                 *         "chainId": 31337,
                 *         "transactionHash": "0x1d8fb384f64282ddb02348fd550969f2139c31c2162b159270729414c6045fe9",
                 *         "blockNumber": "20",
                 *         "blockHash": "0x36f7e5bbada602ff3088a0da448db11f83eb3a9bf607e5d29a8c2ff565a27a11",
                 *         "logIndex": 0,
                 *         "permitId": "ea4aa4de-d567-4d60-bd8e-959236ee307d",
                 *         "contractAddress": "0xDB41Ac6605fb876049e1dB20B2E7cbf8c56a06B5",
                 *         "recipientAddress": "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
                 *         "redeemedBy": "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
                 *         "mintedTokenIds": [
                 *           "3"
                 *         ],
                 *         "amountRaw": "1"
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The event's id: the same on every attempt and in the webhook-id header (deduplicate on it)
                     */
                    id: string;
                    /**
                     * @description The event type
                     * @enum {string}
                     */
                    type: "permit.redeemed";
                    /**
                     * @description When the event was recorded (ISO-8601)
                     * @example 2026-11-23T10:15:02.120Z
                     */
                    timestamp: string;
                    /** @description What happened: this event type's fields */
                    data: {
                        /**
                         * @description Chain id
                         * @example 31337
                         */
                        chainId: number;
                        /**
                         * @description The transaction's hash
                         * @example 0x4c7e3c0f7d5d0a7b1c1f2a6c7e9f0b8d4e2a1c3b5d7f9e0a2c4e6b8d0f1a3c5e
                         */
                        transactionHash: string;
                        /**
                         * @description Decimal block number
                         * @example 42
                         */
                        blockNumber: string;
                        /**
                         * @description The block's hash
                         * @example 0x4c7e3c0f7d5d0a7b1c1f2a6c7e9f0b8d4e2a1c3b5d7f9e0a2c4e6b8d0f1a3c5e
                         */
                        blockHash: string;
                        /** @description The event's position in its block's logs */
                        logIndex: number;
                        /** @description On a `.reorged` event only: the id of the event it takes back */
                        reorgedEventId?: string;
                        /** @description The permit's id (permitId of its issue) */
                        permitId: string;
                        /**
                         * @description The token contract
                         * @example 0x5FbDB2315678afecb367f032d93F642f64180aa3
                         */
                        contractAddress: string;
                        /**
                         * @description The recipient the permit was issued to
                         * @example 0x5FbDB2315678afecb367f032d93F642f64180aa3
                         */
                        recipientAddress: string;
                        /**
                         * @description The account that sent the redemption and paid its gas
                         * @example 0x5FbDB2315678afecb367f032d93F642f64180aa3
                         */
                        redeemedBy: string;
                        /** @description ERC-721: the tokens minted; ERC-1155: the token type; ERC-20: empty */
                        mintedTokenIds: string[];
                        /** @description ERC-20 raw amount, ERC-1155 quantity, ERC-721 number of tokens */
                        amountRaw: string;
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges it; anything else (or no answer within the timeout) is retried with backoff for 24 hours */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onPermitRevoked: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id, the same on every attempt: deduplicate on it */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one too far from your clock (Standard Webhooks: 5 minutes) */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the secret's bytes (base64 after whsec_); two while a rotated secret overlaps */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "04d1bdf4-9004-4488-8ed9-a07674a60fc0",
                 *       "type": "permit.revoked",
                 *       "timestamp": "2026-11-26T02:43:01.337Z",
                 *       "data": {
                 *         "chainId": 31337,
                 *         "transactionHash": "0xf7b57dff76177275bcfea3f5ae5dbb8263a94171f1a0bcdc1743fb09e320e951",
                 *         "blockNumber": "21",
                 *         "blockHash": "0x5e9fb9b2518bf4294cfddf52111aadacf44aacce7fbf136606b1266d7c7072ae",
                 *         "logIndex": 0,
                 *         "permitId": "3dd4428a-0723-4bd7-8cb8-5c94d65d6edc",
                 *         "contractAddress": "0xDB41Ac6605fb876049e1dB20B2E7cbf8c56a06B5"
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The event's id: the same on every attempt and in the webhook-id header (deduplicate on it)
                     */
                    id: string;
                    /**
                     * @description The event type
                     * @enum {string}
                     */
                    type: "permit.revoked";
                    /**
                     * @description When the event was recorded (ISO-8601)
                     * @example 2026-11-23T10:15:02.120Z
                     */
                    timestamp: string;
                    /** @description What happened: this event type's fields */
                    data: {
                        /**
                         * @description Chain id
                         * @example 31337
                         */
                        chainId: number;
                        /**
                         * @description The transaction's hash
                         * @example 0x4c7e3c0f7d5d0a7b1c1f2a6c7e9f0b8d4e2a1c3b5d7f9e0a2c4e6b8d0f1a3c5e
                         */
                        transactionHash: string;
                        /**
                         * @description Decimal block number
                         * @example 42
                         */
                        blockNumber: string;
                        /**
                         * @description The block's hash
                         * @example 0x4c7e3c0f7d5d0a7b1c1f2a6c7e9f0b8d4e2a1c3b5d7f9e0a2c4e6b8d0f1a3c5e
                         */
                        blockHash: string;
                        /** @description The event's position in its block's logs */
                        logIndex: number;
                        /** @description On a `.reorged` event only: the id of the event it takes back */
                        reorgedEventId?: string;
                        /** @description The permit's id (permitId of its issue) */
                        permitId: string;
                        /**
                         * @description The token contract
                         * @example 0x5FbDB2315678afecb367f032d93F642f64180aa3
                         */
                        contractAddress: string;
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges it; anything else (or no answer within the timeout) is retried with backoff for 24 hours */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onMetadataPropagated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id, the same on every attempt: deduplicate on it */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one too far from your clock (Standard Webhooks: 5 minutes) */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the secret's bytes (base64 after whsec_); two while a rotated secret overlaps */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "18d39086-13fe-4b6a-a055-02a829cabc7d",
                 *       "type": "metadata.propagated",
                 *       "timestamp": "2026-11-26T02:42:57.803Z",
                 *       "data": {
                 *         "operationId": "3a2139f8-cccd-4696-b401-13cc72648f46",
                 *         "chainId": 31337,
                 *         "status": "success",
                 *         "transactionHash": "0xfece14af8944a8ca0c14c323e3a16dffb503bd0c2f9e555da9d254fc2c3ab07d",
                 *         "transactionUrl": "http://localhost:42069/api/v1/transactions/0xfece14af8944a8ca0c14c323e3a16dffb503bd0c2f9e555da9d254fc2c3ab07d",
                 *         "blockNumber": "16",
                 *         "blockHash": "0xeb38958bba8b443e8d62331fa55ba3a714a345f06f2d21212e72eb8933374a49",
                 *         "contractAddress": "0xDB41Ac6605fb876049e1dB20B2E7cbf8c56a06B5",
                 *         "tokenIds": [],
                 *         "collection": true
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The event's id: the same on every attempt and in the webhook-id header (deduplicate on it)
                     */
                    id: string;
                    /**
                     * @description The event type
                     * @enum {string}
                     */
                    type: "metadata.propagated";
                    /**
                     * @description When the event was recorded (ISO-8601)
                     * @example 2026-11-23T10:15:02.120Z
                     */
                    timestamp: string;
                    /** @description What happened: this event type's fields */
                    data: {
                        /** @description The write request whose work it is (null for work no request started) */
                        operationId: string | null;
                        /**
                         * @description Chain id
                         * @example 31337
                         */
                        chainId: number;
                        /**
                         * @description failure: the transaction reverted; nothing of it happened
                         * @enum {string}
                         */
                        status: "success" | "failure";
                        /**
                         * @description The transaction's hash
                         * @example 0x4c7e3c0f7d5d0a7b1c1f2a6c7e9f0b8d4e2a1c3b5d7f9e0a2c4e6b8d0f1a3c5e
                         */
                        transactionHash: string;
                        /** @description Where to follow the transaction: the chain explorer's page when the chains file gives an explorerUrl, else this service's GET /api/v1/transactions/{hash} */
                        transactionUrl: string;
                        /**
                         * @description Decimal block number
                         * @example 42
                         */
                        blockNumber: string;
                        /**
                         * @description The block's hash
                         * @example 0x4c7e3c0f7d5d0a7b1c1f2a6c7e9f0b8d4e2a1c3b5d7f9e0a2c4e6b8d0f1a3c5e
                         */
                        blockHash: string;
                        /**
                         * @description An address (EIP-55 checksummed)
                         * @example 0x5FbDB2315678afecb367f032d93F642f64180aa3
                         */
                        contractAddress: string;
                        /** @description Tokens announced with ERC-4906 MetadataUpdate (empty when the whole collection was) */
                        tokenIds: string[];
                        /** @description The collection's defaults changed: BatchMetadataUpdate and ERC-7572 ContractURIUpdated were emitted */
                        collection: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges it; anything else (or no answer within the timeout) is retried with backoff for 24 hours */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onAccountCallConfirmed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id, the same on every attempt: deduplicate on it */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one too far from your clock (Standard Webhooks: 5 minutes) */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the secret's bytes (base64 after whsec_); two while a rotated secret overlaps */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "7346652e-b491-4797-b62b-23ca05cf02d5",
                 *       "type": "account.call.confirmed",
                 *       "timestamp": "2026-11-26T02:43:00.871Z",
                 *       "data": {
                 *         "operationId": "2ae885cf-7b86-47a4-ad46-c154d4983cfa",
                 *         "chainId": 31337,
                 *         "status": "success",
                 *         "transactionHash": "0x856eabb8239c3081d9597ce9a5b41d4892a7d101739c4fcac6d51c34f4c39ed0",
                 *         "transactionUrl": "http://localhost:42069/api/v1/transactions/0x856eabb8239c3081d9597ce9a5b41d4892a7d101739c4fcac6d51c34f4c39ed0",
                 *         "blockNumber": "19",
                 *         "blockHash": "0x1e8a16fb2ea7d2b13a74cd9646842245c7de24450dcdf780afb34e3e04086013",
                 *         "accountAddress": "0x7f13e24A9a729A409D23B7aC69AfaAa196B1B831",
                 *         "calls": [
                 *           {
                 *             "data": "0x",
                 *             "value": "0",
                 *             "toAddress": "0x976EA74026E726554dB657fA54763abd0C3a0aa9"
                 *           }
                 *         ],
                 *         "gasSpent": "0.000107607586211924"
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The event's id: the same on every attempt and in the webhook-id header (deduplicate on it)
                     */
                    id: string;
                    /**
                     * @description The event type
                     * @enum {string}
                     */
                    type: "account.call.confirmed";
                    /**
                     * @description When the event was recorded (ISO-8601)
                     * @example 2026-11-23T10:15:02.120Z
                     */
                    timestamp: string;
                    /** @description What happened: this event type's fields */
                    data: {
                        /** @description The write request whose work it is (null for work no request started) */
                        operationId: string | null;
                        /**
                         * @description Chain id
                         * @example 31337
                         */
                        chainId: number;
                        /**
                         * @description failure: the transaction reverted; nothing of it happened
                         * @enum {string}
                         */
                        status: "success" | "failure";
                        /**
                         * @description The transaction's hash
                         * @example 0x4c7e3c0f7d5d0a7b1c1f2a6c7e9f0b8d4e2a1c3b5d7f9e0a2c4e6b8d0f1a3c5e
                         */
                        transactionHash: string;
                        /** @description Where to follow the transaction: the chain explorer's page when the chains file gives an explorerUrl, else this service's GET /api/v1/transactions/{hash} */
                        transactionUrl: string;
                        /**
                         * @description Decimal block number
                         * @example 42
                         */
                        blockNumber: string;
                        /**
                         * @description The block's hash
                         * @example 0x4c7e3c0f7d5d0a7b1c1f2a6c7e9f0b8d4e2a1c3b5d7f9e0a2c4e6b8d0f1a3c5e
                         */
                        blockHash: string;
                        /**
                         * @description The ERC-6551 account that ran the calls
                         * @example 0x5FbDB2315678afecb367f032d93F642f64180aa3
                         */
                        accountAddress: string;
                        /** @description The calls, run atomically */
                        calls: {
                            /**
                             * @description The called address
                             * @example 0x5FbDB2315678afecb367f032d93F642f64180aa3
                             */
                            toAddress: string;
                            /** @description Wei sent with the call (decimal) */
                            value: string;
                            /** @description The calldata (0x-prefixed hex) */
                            data: string;
                        }[];
                        /** @description The fee in the chain's native unit, decimals applied */
                        gasSpent: string;
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges it; anything else (or no answer within the timeout) is retried with backoff for 24 hours */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onTokenTransferred: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id, the same on every attempt: deduplicate on it */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one too far from your clock (Standard Webhooks: 5 minutes) */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the secret's bytes (base64 after whsec_); two while a rotated secret overlaps */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "1d516f28-e40d-47e3-92d6-ed0c573cfd4f",
                 *       "type": "token.transferred",
                 *       "timestamp": "2026-11-26T02:42:55.208Z",
                 *       "data": {
                 *         "chainId": 31337,
                 *         "transactionHash": "0xac7fe3b361caec9e00471858c2522551534fde67a1a364c54e0111af0006a1bc",
                 *         "blockNumber": "10",
                 *         "blockHash": "0x4039c3d35ed7a93397bb5030f388a757aaf0f6bd209ac2d645df104a5ffd0b11",
                 *         "logIndex": 0,
                 *         "contractAddress": "0xDB41Ac6605fb876049e1dB20B2E7cbf8c56a06B5",
                 *         "standard": "erc721",
                 *         "fromAddress": "0x0000000000000000000000000000000000000000",
                 *         "toAddress": "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc",
                 *         "tokenId": "1",
                 *         "amount": "1",
                 *         "amountRaw": "1",
                 *         "ownerSince": 1795660974
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The event's id: the same on every attempt and in the webhook-id header (deduplicate on it)
                     */
                    id: string;
                    /**
                     * @description The event type
                     * @enum {string}
                     */
                    type: "token.transferred";
                    /**
                     * @description When the event was recorded (ISO-8601)
                     * @example 2026-11-23T10:15:02.120Z
                     */
                    timestamp: string;
                    /** @description What happened: this event type's fields */
                    data: {
                        /**
                         * @description Chain id
                         * @example 31337
                         */
                        chainId: number;
                        /**
                         * @description The transaction's hash
                         * @example 0x4c7e3c0f7d5d0a7b1c1f2a6c7e9f0b8d4e2a1c3b5d7f9e0a2c4e6b8d0f1a3c5e
                         */
                        transactionHash: string;
                        /**
                         * @description Decimal block number
                         * @example 42
                         */
                        blockNumber: string;
                        /**
                         * @description The block's hash
                         * @example 0x4c7e3c0f7d5d0a7b1c1f2a6c7e9f0b8d4e2a1c3b5d7f9e0a2c4e6b8d0f1a3c5e
                         */
                        blockHash: string;
                        /** @description The event's position in its block's logs */
                        logIndex: number;
                        /** @description On a `.reorged` event only: the id of the event it takes back */
                        reorgedEventId?: string;
                        /**
                         * @description The token contract
                         * @example 0x5FbDB2315678afecb367f032d93F642f64180aa3
                         */
                        contractAddress: string;
                        /**
                         * @description The contract's kind
                         * @enum {string}
                         */
                        standard: "erc20" | "erc721" | "erc1155";
                        /**
                         * @description The zero address for a mint
                         * @example 0x5FbDB2315678afecb367f032d93F642f64180aa3
                         */
                        fromAddress: string;
                        /**
                         * @description The zero address for a burn
                         * @example 0x5FbDB2315678afecb367f032d93F642f64180aa3
                         */
                        toAddress: string;
                        /** @description null for ERC-20 */
                        tokenId: string | null;
                        /** @description Human-readable (decimals applied for ERC-20 tokens this service manages); 1 for ERC-721 */
                        amount: string;
                        /** @description The amount in the token's smallest unit (uint256, decimal; no decimals applied) */
                        amountRaw: string;
                        /** @description Unix second at which the recipient's current holding began (null for a burn) */
                        ownerSince: number | null;
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges it; anything else (or no answer within the timeout) is retried with backoff for 24 hours */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onAccountCreated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id, the same on every attempt: deduplicate on it */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one too far from your clock (Standard Webhooks: 5 minutes) */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the secret's bytes (base64 after whsec_); two while a rotated secret overlaps */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "4771d615-5780-42ef-a051-88a4ce388389",
                 *       "type": "account.created",
                 *       "timestamp": "2026-11-26T02:42:59.019Z",
                 *       "data": {
                 *         "chainId": 31337,
                 *         "transactionHash": "0x1c92c8073c51bf67affa20498224ffd0ac6998dda99423f64915c645d48a57a6",
                 *         "blockNumber": "18",
                 *         "blockHash": "0x1e5ef5a864d60475b9898ca031a96c1131d5f57ded5ceb2955f072110e5483a6",
                 *         "logIndex": 0,
                 *         "accountAddress": "0x7f13e24A9a729A409D23B7aC69AfaAa196B1B831",
                 *         "implementation": "0xeD693374cc57DbcAD6e7AF3462e54353D510a5d1",
                 *         "tokenChainId": 31337,
                 *         "tokenContractAddress": "0xDB41Ac6605fb876049e1dB20B2E7cbf8c56a06B5",
                 *         "tokenId": "2"
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The event's id: the same on every attempt and in the webhook-id header (deduplicate on it)
                     */
                    id: string;
                    /**
                     * @description The event type
                     * @enum {string}
                     */
                    type: "account.created";
                    /**
                     * @description When the event was recorded (ISO-8601)
                     * @example 2026-11-23T10:15:02.120Z
                     */
                    timestamp: string;
                    /** @description What happened: this event type's fields */
                    data: {
                        /**
                         * @description Chain id
                         * @example 31337
                         */
                        chainId: number;
                        /**
                         * @description The transaction's hash
                         * @example 0x4c7e3c0f7d5d0a7b1c1f2a6c7e9f0b8d4e2a1c3b5d7f9e0a2c4e6b8d0f1a3c5e
                         */
                        transactionHash: string;
                        /**
                         * @description Decimal block number
                         * @example 42
                         */
                        blockNumber: string;
                        /**
                         * @description The block's hash
                         * @example 0x4c7e3c0f7d5d0a7b1c1f2a6c7e9f0b8d4e2a1c3b5d7f9e0a2c4e6b8d0f1a3c5e
                         */
                        blockHash: string;
                        /** @description The event's position in its block's logs */
                        logIndex: number;
                        /** @description On a `.reorged` event only: the id of the event it takes back */
                        reorgedEventId?: string;
                        /**
                         * @description The ERC-6551 account
                         * @example 0x5FbDB2315678afecb367f032d93F642f64180aa3
                         */
                        accountAddress: string;
                        /**
                         * @description The account implementation it runs (tokenhub's)
                         * @example 0x5FbDB2315678afecb367f032d93F642f64180aa3
                         */
                        implementation: string;
                        /** @description The NFT's chain */
                        tokenChainId: number;
                        /**
                         * @description The NFT's collection (one of the project's)
                         * @example 0x5FbDB2315678afecb367f032d93F642f64180aa3
                         */
                        tokenContractAddress: string;
                        /**
                         * @description Token id (uint256, decimal)
                         * @example 1
                         */
                        tokenId: string;
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges it; anything else (or no answer within the timeout) is retried with backoff for 24 hours */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onWebhookTest: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id, the same on every attempt: deduplicate on it */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one too far from your clock (Standard Webhooks: 5 minutes) */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the secret's bytes (base64 after whsec_); two while a rotated secret overlaps */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "8714f74a-c1f1-431f-8bfa-4e368d1a6d8a",
                 *       "type": "webhook.test",
                 *       "timestamp": "2026-11-26T02:42:54.579Z",
                 *       "data": {
                 *         "webhookId": "41522f0d-d34e-4b79-9752-035cd2ece532",
                 *         "message": "A test event from tokenhub."
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The event's id: the same on every attempt and in the webhook-id header (deduplicate on it)
                     */
                    id: string;
                    /**
                     * @description The event type
                     * @enum {string}
                     */
                    type: "webhook.test";
                    /**
                     * @description When the event was recorded (ISO-8601)
                     * @example 2026-11-23T10:15:02.120Z
                     */
                    timestamp: string;
                    /** @description What happened: this event type's fields */
                    data: {
                        /** @description The endpoint tested */
                        webhookId: string;
                        /** @description A sentence saying this is a test */
                        message: string;
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges it; anything else (or no answer within the timeout) is retried with backoff for 24 hours */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
