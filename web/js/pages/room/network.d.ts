// The types of network.js, which build.py generates from sitebuild/rooms.py
// (the one place of the relays, the STUN servers and the app id).

export const NETWORK: {
  appId: string;
  relays: string[];
  roomRelays: number;
  lobbyRelays: string[];
  stun: string[];
  loopback: string[];
};
