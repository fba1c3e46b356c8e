// Fixed vocabularies of the catalogue generator. Changing an entry changes every generated catalogue,
// so edit on purpose (the snapshot test in generate-catalog.test.ts will tell). No entry may contain
// "zzyzx" or start a word with "firefl": QA counts those words in the curated titles only.

import type { PersonRole } from '../domain/types.js';

export const VIDEO_GENRES = [
  'Action & Adventure', 'Comedy', 'Drama', 'Horror', 'Sci-Fi & Fantasy', 'Thriller', 'Romance', 'Documentary',
  'Kids & Family', 'Anime', 'Music & Musicals', 'Television', 'War', 'Westerns', 'Crime',
] as const;

export const GAME_GENRES = ['Action', 'Adventure', 'Racing', 'Sports', 'Puzzle', 'RPG', 'Shooter', 'Strategy'] as const;

export const VIDEO_FORMATS = ['DVD', 'Blu-ray'] as const;

/** Console formats with the years they sold games in (production years are drawn inside). */
export const CONSOLES: readonly { format: string; from: number; to: number }[] = [
  { format: 'PlayStation 3', from: 2006, to: 2016 },
  { format: 'PlayStation 4', from: 2013, to: 2022 },
  { format: 'Xbox 360', from: 2005, to: 2016 },
  { format: 'Xbox One', from: 2013, to: 2022 },
  { format: 'Wii', from: 2006, to: 2013 },
  { format: 'Nintendo DS', from: 2004, to: 2014 },
];

export const BBFC_CERTIFICATES = ['U', 'PG', '12', '12A', '15', '18', 'R18'] as const;
export const PEGI_CERTIFICATES = ['3', '7', '12', '16', '18'] as const;

export const PURCHASE_TYPES = ['rental', 'download to own', 'download to rent', 'streaming'] as const;

export const OTHER_LANGUAGES = ['French', 'German', 'Spanish', 'Japanese', 'Italian'] as const;

/** Roles that put a person in a title's actorIds (everyone on screen or on the soundtrack). */
export const PERFORMER_ROLES: readonly PersonRole[] = ['actor', 'dancer', 'drummer', 'narrator', 'singer', 'voice over'];

/** Role sets of generated people with their weights (most people act; some do one special thing). */
export const ROLE_SETS: readonly (readonly [PersonRole[], number])[] = [
  [['actor'], 68], [['director'], 13], [['actor', 'director'], 3], [['voice over'], 3], [['actor', 'voice over'], 3],
  [['singer'], 3], [['actor', 'singer'], 1], [['dancer'], 2], [['drummer'], 1.5], [['narrator'], 1.5],
  [['actor', 'narrator'], 1],
];

export const STUDIOS = [
  'Paramount', 'Universal Pictures', 'Warner Home Video', '20th Century Fox', 'Sony Pictures', 'Lionsgate',
  'Entertainment One', 'Optimum Releasing', 'Momentum Pictures', 'Metrodome', 'Artificial Eye', 'BFI',
  'Second Sight', 'Arrow Films', 'Icon Home Entertainment', 'Pathe', 'Studiocanal', 'Anchor Bay',
  '2 Entertain', 'ITV Studios', 'BBC Worldwide', 'Acorn Media', 'Network', 'Manga Entertainment',
  'Revolver Entertainment', 'Soda Pictures', 'Dogwoof', 'Eureka', 'Kaleidoscope', 'Signature Entertainment',
] as const;

export const GAME_PUBLISHERS = [
  'Electronic Arts', 'Ubisoft', 'Activision', 'Sony Computer Entertainment', 'Microsoft Game Studios', 'Nintendo',
  'Sega', 'Capcom', 'Square Enix', 'Namco Bandai', 'THQ', 'Codemasters', 'Take-Two Interactive', 'Konami',
] as const;

export const GAME_DEVELOPERS = [
  'Redline Interactive', 'Northlight Studios', 'Bluepeak Games', 'Ironclad Software', 'Harbour Lane Games',
  'Pixel Foundry', 'Quarry Street Studio', 'Lantern Works', 'Tidewater Games', 'Copperhead Interactive',
  'Silver Birch Studios', 'Kestrel Digital', 'Moonwell Games', 'Granite Arc', 'Brightforge', 'Hollow Oak Studio',
  'Vector Nine', 'Stonebridge Games', 'Cobalt Hare', 'Paper Crane Studio',
] as const;

export const TITLE_ADJECTIVES = [
  'Silent', 'Broken', 'Hidden', 'Last', 'Lost', 'Dark', 'Golden', 'Cold', 'Burning', 'Secret', 'Wild', 'Savage',
  'Crimson', 'Endless', 'Forgotten', 'Fallen', 'Frozen', 'Hollow', 'Iron', 'Little', 'Long', 'Lonely', 'Midnight',
  'Perfect', 'Quiet', 'Restless', 'Rising', 'Scarlet', 'Shattered', 'Sleeping', 'Stolen', 'Strange', 'Sweet',
  'Twisted', 'Velvet', 'Wicked', 'Winter', 'Bitter', 'Blue', 'Brave', 'Deadly', 'Electric', 'Final', 'Grand',
  'Happy', 'Infinite', 'Black', 'White', 'Red', 'Green', 'Northern', 'Southern', 'Eastern', 'Western', 'Second',
  'Distant', 'Hungry', 'Innocent', 'Reckless', 'Wandering', 'Crooked', 'Painted', 'Borrowed', 'Dangerous',
] as const;

export const TITLE_NOUNS = [
  'Road', 'River', 'Storm', 'Heart', 'Shadow', 'Summer', 'Night', 'Garden', 'Kingdom', 'Promise', 'Secret', 'Stranger',
  'Hunter', 'Witness', 'Angel', 'Island', 'Harbour', 'Mountain', 'Empire', 'Legacy', 'Echo', 'Horizon', 'Journey',
  'Mirror', 'Orchard', 'Prophecy', 'Ransom', 'Reckoning', 'Requiem', 'Sanctuary', 'Signal', 'Spy', 'Tide', 'Train',
  'Valley', 'Voyage', 'Wolf', 'Wedding', 'Winter', 'Fortune', 'Frontier', 'Gambit', 'Ghost', 'Heist', 'Highway',
  'House', 'Letter', 'Lighthouse', 'Machine', 'Mission', 'Monster', 'Moon', 'Ocean', 'Outlaw', 'Passenger', 'Pilgrim',
  'Prisoner', 'Rebel', 'Rider', 'Saint', 'Sea', 'Soldier', 'Son', 'Daughter', 'Sister', 'Brother', 'Star', 'Sun',
  'Thief', 'Tower', 'Traitor', 'Village', 'Visitor', 'War', 'Water', 'Widow', 'Wind', 'Wire', 'Code', 'Circle',
  'Crown', 'Desert', 'Diary', 'Dream', 'Engine', 'Family', 'Fever', 'Flight', 'Game', 'Gate', 'Girl', 'Boy', 'Hour',
  'Line', 'Man', 'Woman', 'Map', 'Market', 'Night Shift', 'Picture', 'Quarry', 'Room', 'Season', 'Silence', 'Song',
  'Station', 'Street', 'Storyteller', 'Summit', 'Tenant', 'Thunder', 'Trail', 'Treasure', 'Verdict', 'Vow', 'Whisper',
] as const;

export const TITLE_PLACES = [
  'Paris', 'Berlin', 'Brighton', 'Manchester', 'Glasgow', 'Tokyo', 'Havana', 'Cairo', 'Lisbon', 'Venice', 'Mars',
  'the North', 'the Valley', 'the Moon', 'the Deep', 'the Coast', 'the City', 'the Moor', 'the Border', 'Eden',
  'Avalon', 'Atlantis', 'Texas', 'Montana', 'Cornwall', 'Yorkshire', 'the Highlands', 'Broadway', 'Soho', 'Harlem',
] as const;

export const TITLE_GERUNDS = [
  'Chasing', 'Finding', 'Saving', 'Leaving', 'Killing', 'Loving', 'Running', 'Hunting', 'Waiting for', 'Searching for',
  'Remembering', 'Becoming', 'Escaping', 'Burying', 'Crossing', 'Defending', 'Raising',
] as const;

export const TITLE_SUBTITLES = [
  'The Beginning', 'The Reckoning', 'Revenge', 'Resurrection', 'The Final Chapter', 'Origins', 'Redemption',
  'The Return', 'Judgement Day', 'First Blood', 'Legacy', 'Rebirth', 'The Last Stand', 'Uprising',
] as const;

export const TV_PATTERN_NOUNS = ['Files', 'Chronicles', 'Diaries', 'Detectives', 'Squad', 'Street', 'Practice', 'Academy', 'Affair'] as const;

export const GAME_NOUNS = [
  'Legends', 'Tactics', 'Arena', 'Quest', 'Chronicles', 'Warriors', 'Heroes', 'Frontier', 'Odyssey', 'Outpost',
  'Dominion', 'Siege', 'Uprising', 'Rivals', 'Vanguard', 'Crusade', 'Renegade', 'Tournament', 'Party', 'Adventures',
] as const;

export const SPORTS = ['Football', 'Tennis', 'Golf', 'Cricket', 'Rugby', 'Snooker', 'Boxing', 'Basketball', 'Ice Hockey', 'Darts'] as const;

export const ADULT_ADJECTIVES = ['Velvet', 'Midnight', 'Private', 'Forbidden', 'Secret', 'Scarlet', 'Silk'] as const;
export const ADULT_NOUNS = ['Desires', 'Encounters', 'Confessions', 'Temptations', 'Affairs', 'Liaisons'] as const;

/** Edition decorations: the full title carries them, the clean title drops them (clean-title.ts). */
export const EDITIONS = [': Special Edition', ": Director's Cut", ': Extended Edition', " (Collector's Edition)", ': Remastered'] as const;

export const OCCUPATIONS = [
  'detective', 'nurse', 'schoolteacher', 'journalist', 'fisherman', 'surgeon', 'pilot', 'con artist', 'librarian',
  'soldier', 'chef', 'lawyer', 'farmer', 'priest', 'boxer', 'astronaut', 'photographer', 'widow', 'runaway', 'spy',
  'mechanic', 'architect', 'singer', 'taxi driver', 'student', 'art forger', 'bodyguard', 'night porter',
] as const;

export const SYNOPSIS_GOALS = [
  'uncover the truth about a missing sister', 'clear their name', 'protect a stranger with a dangerous past',
  'win back the family farm', 'survive one last winter', 'pull off an impossible robbery', 'bring a killer to justice',
  'find a way home', 'keep a promise made twenty years ago', 'save a failing theatre', 'outwit a ruthless rival',
  'escape a town that will not let anyone leave', 'reunite a scattered family', 'stop a war before it starts',
] as const;

export const SYNOPSIS_EVENTS = [
  'a body washes up on the shore', 'an old letter arrives', 'the factory closes', 'a storm cuts the island off',
  'a stranger rides into town', 'the money goes missing', 'a signal is heard from deep space', 'the war comes home',
  'a child disappears', 'the circus comes to town', 'an inheritance turns sour', 'the last train is cancelled',
] as const;

export const SYNOPSIS_TONES = [
  'a gripping', 'a heart-warming', 'a darkly funny', 'a tense', 'an epic', 'a moving', 'a stylish', 'an unforgettable',
  'a thought-provoking', 'a breathless', 'a quietly devastating', 'a joyous',
] as const;

export const REVIEW_TITLES = [
  'Better than I expected', 'A classic', 'Not for me', 'Worth a rental', 'Five stars', 'Disappointing',
  'Great cast, weak plot', 'Watch it twice', 'Slow but rewarding', 'Family favourite', 'Overrated', 'Hidden gem',
  'Fun for a rainy night', 'Could not stop watching', 'Sound problems on disc 2', 'Brilliant',
] as const;

export const REVIEW_SENTENCES = [
  'The acting is superb throughout.', 'I nodded off halfway through.', 'The ending took me completely by surprise.',
  'The picture quality on this disc is excellent.', 'My children watched it three times in a week.',
  'It drags a little in the middle but the final act makes up for it.', 'The soundtrack alone is worth the rental.',
  'I wanted to like it more than I did.', 'Some scenes are genuinely frightening.', 'A perfect Sunday afternoon film.',
  'The extras are thin but the main feature is great.', 'Not as good as the original.', 'I laughed out loud more than once.',
  'The lead performance holds it all together.', 'Beautifully shot and very well paced.', 'Avoid if you dislike subtitles.',
] as const;
