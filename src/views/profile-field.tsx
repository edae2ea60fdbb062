// The protocol choice of the Host and Join forms: native (p2p-risk players) or cs3099 (other
// groups' 2015 class programs).
import { Text } from 'ink';
import { PROFILE_LABELS, type Profile } from './launcher.js';

export function ProfileField({ profile, focus }: { profile: Profile; focus: boolean }) {
  return (
    <Text>
      <Text bold={focus}>{focus ? '▸ ' : '  '}Protocol: </Text>
      <Text inverse={focus}>{` ◂ ${PROFILE_LABELS[profile]} ▸ `}</Text>
    </Text>
  );
}

/** ←→ or space switch between the two protocols. */
export function toggledProfile(
  profile: Profile,
  input: string,
  key: { leftArrow: boolean; rightArrow: boolean },
): Profile | null {
  if (!key.leftArrow && !key.rightArrow && input !== ' ') return null;
  return profile === 'native' ? 'cs3099' : 'native';
}
