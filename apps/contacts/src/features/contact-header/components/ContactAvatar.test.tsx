import { initialsOf } from './ContactAvatar';

it.each([
  ['Maria Oliveira', 'MO'],
  ['  ana  ', 'A'],
  ['Mariana Costa (novus)', 'MN'],
  ['Ana - SP', 'AS'],
  ['(Cliente) Érica Souza', 'CS'],
  ["João D'Ávila", 'JD'],
  ['---', ''],
])('the avatar of %s reads %s', (name, initials) => {
  expect(initialsOf(name)).toBe(initials);
});
