/** The element id of a suggestion, for the box's aria-activedescendant. */
export function optionId(listId: string, index: number): string {
  return `${listId}-option-${index}`;
}
