// The types of vendor/secp256k1.js, which build.py vendors from the pinned
// @noble/secp256k1 (sitebuild/rooms.py, for Trystero): only what open tables use
// (nostr.js: BIP-340 Schnorr keys and signatures).  Only the type checker reads this file.

export const schnorr: {
  keygen(seed?: Uint8Array): { secretKey: Uint8Array; publicKey: Uint8Array };
  getPublicKey(secretKey: Uint8Array): Uint8Array;
  signAsync(message: Uint8Array, secretKey: Uint8Array, auxRand?: Uint8Array): Promise<Uint8Array>;
  verifyAsync(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): Promise<boolean>;
};
