// Odds page: keep the Choice Situation letter and its move in step (the forms work without this).
(function () {
  "use strict";
  var letter = document.getElementById("fs-choice");
  var move = document.getElementById("fs-move");
  if (!letter || !move) return;
  function groupOf(option) {
    return option && option.parentElement && option.parentElement.tagName === "OPTGROUP"
      ? option.parentElement.label : "";
  }
  letter.addEventListener("change", function () {
    if (groupOf(move.options[move.selectedIndex]) === letter.value) return;
    for (var i = 0; i < move.options.length; i++) {
      if (groupOf(move.options[i]) === letter.value) { move.selectedIndex = i; return; }
    }
  });
  move.addEventListener("change", function () {
    var group = groupOf(move.options[move.selectedIndex]);
    if (group) letter.value = group;
  });
})();
