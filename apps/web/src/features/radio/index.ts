/**
 * The radio feature's face: live stations (SPEC §2 `radio/{station slug}`) and their admin. Its
 * pages load by route and its playback is the player's, so nothing else is shared yet.
 */
export {};
