import { Profanity } from '@2toad/profanity';
import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';

/**
 * Team names are seen by every family of the school (the leaderboard on /team), so a name someone
 * types passes a word filter (decision 0046): obscenity's English list with its transformers
 * (leetspeak "sh1t", repeated and spaced letters, confusable characters), and @2toad/profanity's
 * Spanish list as whole words. Both are maintained packages; built once, as the lists are large.
 */
const english = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });
const spanish = new Profanity({ languages: ['es'], wholeWord: true });

export function isOffensiveTeamName(name: string): boolean {
  return english.hasMatch(name) || spanish.exists(name);
}
