import { atom } from 'nanostores';

/** The signed-in user's public profile. The session token itself stays in the HttpOnly cookie, out of reach of scripts. */
export type PublicProfile = {
  id: string;
  name: string;
  email: string;
  phone: string;
  role: 'admin' | 'user';
  purchasedVideos: { key: string; purchaseDate: string }[];
};

export const $profile = atom<PublicProfile | null>(null);

/** Fetches the profile with the session cookie; clears the store (signed out) when that fails. */
export async function loadProfile(): Promise<PublicProfile | null> {
  try {
    const res = await fetch('/profile', { credentials: 'same-origin', headers: { accept: 'application/json' } });
    const profile = res.ok ? (await res.json()) as PublicProfile : null;
    $profile.set(profile);
    return profile;
  } catch {
    $profile.set(null);
    return null;
  }
}
